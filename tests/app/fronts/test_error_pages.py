"""The error pages with DEBUG off (the test settings are production's): the site's own, in the
reader's language, styled by the site's stylesheet and with no inline style or script, which the
Content-Security-Policy would block (the CSRF failure page included)."""

import pytest
from django.test import Client, override_settings
from django.urls import include, path, reverse


def broken(request):
    raise RuntimeError("a fault in a view")


urlpatterns = [path("broken/", broken), path("", include("config.urls"))]


def assert_site_error_page(response, status: int, heading: str) -> None:
    page = response.content.decode()
    assert response.status_code == status
    assert 'id="error-page"' in page and f"<h1>{heading}</h1>" in page and "css/site.css" in page
    assert "<style" not in page and "style=" not in page and "<script" not in page


def test_a_missing_page_is_the_sites_404(db):
    assert_site_error_page(Client().get("/t/no-such-tournament/"), 404, "Page not found")


def test_the_404_speaks_the_readers_language(db):
    response = Client().get("/t/no-such-tournament/", HTTP_ACCEPT_LANGUAGE="it")
    assert response.status_code == 404 and 'lang="it"' in response.content.decode()


def test_a_refused_role_is_the_sites_403(client, arbiter, tournament):
    from tournaments.models import Membership

    Membership.objects.filter(user=arbiter).update(role=Membership.Role.DEPUTY)
    client.force_login(arbiter)
    response = client.post(reverse("arbiter:tournament_edit", args=[tournament.slug]), {})
    assert_site_error_page(response, 403, "Not allowed")


def test_a_form_without_its_csrf_token_is_the_sites_expired_form_page(db):
    response = Client(enforce_csrf_checks=True).post(reverse("login"), {"username": "a", "password": "b"})
    assert_site_error_page(response, 403, "The form has expired")


@override_settings(ROOT_URLCONF=__name__)
def test_a_server_fault_is_the_sites_500(db):
    client = Client(raise_request_exception=False)
    assert_site_error_page(client.get("/broken/"), 500, "Something went wrong")


@pytest.mark.parametrize("template", ["400.html", "403.html", "403_csrf.html", "404.html", "500.html"])
def test_each_error_page_renders_without_a_request(template):
    from django.template import loader

    page = loader.get_template(template).render()
    assert 'id="error-page"' in page
