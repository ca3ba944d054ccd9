"""Failed logins are braked (issue 24, finding 10): django-axes counts them per account and per
address; at the limit (5) every login of that account, or from that address, is refused, the right
password too, with 429 and the app's page, until the cool-off passes.  Each failure is in the
server's log and in the admin (axes' access failures)."""

import logging
import subprocess
import sys
import time
from datetime import timedelta

import pytest
from axes.models import AccessAttempt, AccessFailureLog
from django.contrib.auth import get_user_model
from django.urls import reverse

LIMIT = 5
RIGHT = "pw-ann-123"  # the arbiter fixture's


def log_in(client, username="ann", password="wrong-password", address="127.0.0.1", url=None):
    return client.post(url or reverse("login"), {"username": username, "password": password},
                       REMOTE_ADDR=address)


def logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def assert_locked_out(response):
    page = response.content.decode()
    assert response.status_code == 429
    assert "<h1>Too many failed logins</h1>" in page
    assert "After 5 failed logins for this account or from this address, logging in is paused." in page
    assert "Try again in 15 minutes" in page and response["Retry-After"] == "900"


def test_the_sixth_login_is_refused_even_with_the_right_password(client, arbiter):
    for _ in range(LIMIT - 1):
        response = log_in(client)
        assert response.status_code == 200 and "Please enter a correct username and password" in \
            response.content.decode()
    assert_locked_out(log_in(client))  # the fifth failure locks
    assert_locked_out(log_in(client, password=RIGHT))
    assert not logged_in(client)
    assert client.get(reverse("arbiter:dashboard")).status_code == 302  # to the login page


def test_the_cool_off_lifts_the_lock(client, arbiter, settings):
    settings.AXES_COOLOFF_TIME = timedelta(seconds=2)
    for _ in range(LIMIT):
        log_in(client)
    response = log_in(client, password=RIGHT)
    assert response.status_code == 429 and "Try again in 1 minute:" in response.content.decode()
    assert not logged_in(client)
    time.sleep(2.2)
    response = log_in(client, password=RIGHT)
    assert response.status_code == 302 and response.url == reverse("arbiter:dashboard") and logged_in(client)


def test_one_address_trying_many_accounts_is_locked_out(client, arbiter):
    for i in range(LIMIT):
        log_in(client, username=f"guess-{i}", address="203.0.113.7")
    assert_locked_out(log_in(client, password=RIGHT, address="203.0.113.7"))
    response = log_in(client, password=RIGHT, address="203.0.113.8")  # another address: not locked
    assert response.status_code == 302 and logged_in(client)


def test_one_account_tried_from_many_addresses_is_locked_out(client, arbiter, outsider):
    for i in range(LIMIT):
        log_in(client, address=f"198.51.100.{i + 1}")
    assert_locked_out(log_in(client, password=RIGHT, address="198.51.100.99"))
    response = log_in(client, username="bob", password="pw-bob-123", address="198.51.100.99")
    assert response.status_code == 302 and logged_in(client)  # another account from there: not locked


def test_the_admin_login_is_braked_too(client, db):
    get_user_model().objects.create_superuser("root", password="pw-root-123")
    url = reverse("admin:login")
    for _ in range(LIMIT):
        log_in(client, username="root", url=url)
    assert_locked_out(log_in(client, username="root", password="pw-root-123", url=url))
    assert not logged_in(client)


def test_failures_go_to_the_server_log_and_to_the_admin(client, arbiter, caplog):
    with caplog.at_level(logging.INFO):
        for _ in range(LIMIT):
            log_in(client, address="192.0.2.4")
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING and r.name.startswith("axes")]
    assert len([m for m in warnings if "login failure by" in m and 'ip_address: "192.0.2.4"' in m]) == LIMIT
    assert any("Locking out" in message and "192.0.2.4" in message for message in warnings)
    assert not any("ann" in message for message in warnings)  # what was typed as the name stays out
    assert AccessFailureLog.objects.filter(username="ann", ip_address="192.0.2.4").count() == LIMIT
    assert AccessAttempt.objects.get(username="ann").failures_since_start == LIMIT

    root = get_user_model().objects.create_superuser("root", password="pw-root-123")
    client.force_login(root)
    page = client.get(reverse("admin:axes_accessfailurelog_changelist")).content.decode()
    assert page.count("192.0.2.4") >= LIMIT
    # A superuser lifts the lock by deleting the attempt.
    client.post(reverse("admin:axes_accessattempt_delete", args=[AccessAttempt.objects.get().pk]), {"post": "yes"})
    client.logout()
    assert log_in(client, password=RIGHT, address="192.0.2.4").status_code == 302


@pytest.mark.parametrize(("header", "expected"), [
    ("", ("REMOTE_ADDR",)),
    ("X-Real-IP", ("HTTP_X_REAL_IP", "REMOTE_ADDR")),
])
def test_behind_a_proxy_the_address_is_read_from_its_header(header, expected):
    code = ("import django; django.setup(); from django.conf import settings; "
            "print(settings.AXES_IPWARE_META_PRECEDENCE_ORDER)")
    env = {"DJANGO_SETTINGS_MODULE": "tests.settings", "DJANGO_CLIENT_IP_HEADER": header, "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.strip() == repr(expected)


def test_the_proxy_header_counts_each_client_apart(client, arbiter, settings):
    settings.AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_REAL_IP", "REMOTE_ADDR")
    for i in range(LIMIT):
        client.post(reverse("login"), {"username": f"guess-{i}", "password": "x"}, HTTP_X_REAL_IP="203.0.113.50")
    response = client.post(reverse("login"), {"username": "ann", "password": RIGHT}, HTTP_X_REAL_IP="203.0.113.50")
    assert response.status_code == 429
    # Another client behind the same proxy (the same REMOTE_ADDR) is not locked out.
    response = client.post(reverse("login"), {"username": "ann", "password": RIGHT}, HTTP_X_REAL_IP="203.0.113.51")
    assert response.status_code == 302
