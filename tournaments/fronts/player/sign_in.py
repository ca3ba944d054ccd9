"""Signing in without a password (docs/players.md): the player types his address, gets a mail with a
link (django-sesame) and a 6-digit code, each valid 15 minutes and good once.  The link opens a
page with a "Sign in" button (a POST), so a mail scanner that opens links spends nothing."""

import logging
import smtplib

from axes.helpers import get_client_ip_address
from django.contrib import messages
from django.contrib.auth import authenticate, login
from django.core.mail import send_mail
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _
from sesame.utils import get_query_string

from tournaments.fronts.player.forms import CodeForm, EmailForm
from tournaments.services import Refused
from tournaments.services.accounts import (
    count_mail,
    forget_code,
    new_code,
    uncount_mail,
    user_for_code,
    user_for_email,
)

NEXT = "player_next"
log = logging.getLogger(__name__)


def _client_ip(request) -> str | None:
    return get_client_ip_address(request)  # the address as the login limits read it


def _mail(request, user) -> None:
    if user.has_usable_password():  # an arbiter's account: his password, never a link
        body = _("This address belongs to an account with a password: log in with it at %(url)s") % {
            "url": request.build_absolute_uri(reverse("login"))}
    else:
        link = request.build_absolute_uri(reverse("player:link")) + get_query_string(user)
        body = _("To sign in, open this link and press “Sign in”:\n\n%(link)s\n\nor type this code on the "
                 "sign-in page: %(code)s\n\nThe link and the code work once, for 15 minutes. If you did not ask "
                 "to sign in, ignore this mail.") % {"link": link, "code": new_code(user)}
    send_mail(_("Your sign-in link"), body, None, [user.email])


def sign_in(request):
    """The address typed: a mail with a link and a code (at most 3 an hour per address, 10 per IP)."""
    form = EmailForm(request.POST or None, initial={"email": request.GET.get("email", "")})
    next_url = request.GET.get("next") or request.POST.get("next") or ""
    if request.method == "POST" and form.is_valid():
        email = form.cleaned_data["email"]
        try:
            count_mail(email, _client_ip(request))
        except Refused as refusal:
            messages.error(request, refusal.message)
            return render(request, "player/sign_in.html", {"form": form, "next": next_url}, status=429)
        try:
            _mail(request, user_for_email(email))
        except (smtplib.SMTPException, OSError):
            log.warning("sign-in mail to %s not sent", email, exc_info=True)
            uncount_mail(email, _client_ip(request))
            messages.error(request, _("The mail could not be sent just now (the mail server did not answer): "
                                      "try again in a few minutes."))
            return render(request, "player/sign_in.html", {"form": form, "next": next_url}, status=503)
        if url_has_allowed_host_and_scheme(next_url, {request.get_host()}, request.is_secure()):
            request.session[NEXT] = next_url
        messages.success(request, _("A mail with a link and a code is on its way to %(email)s.") % {"email": email})
        return redirect(reverse("player:code") + "?" + urlencode({"email": email}))
    return render(request, "player/sign_in.html", {"form": form, "next": next_url})


def _signed_in(request, user):
    # The last login changes: the link's token, which holds it, is spent (SESAME_ONE_TIME).
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")  # links his entries (apps.py)
    forget_code(user)
    messages.success(request, _("You are signed in as %(email)s.") % {"email": user.email})
    return redirect(request.session.pop(NEXT, "") or "player:home")


def code(request):
    form = CodeForm(request.POST or None, initial={"email": request.GET.get("email", "")})
    if request.method == "POST" and form.is_valid():
        user = user_for_code(form.cleaned_data["email"], form.cleaned_data["code"])
        if user is not None and not user.has_usable_password():
            return _signed_in(request, user)
        messages.error(request, _("This code is wrong, expired or used already: check it, or ask for a new mail."))
    return render(request, "player/code.html", {"form": form})


def link(request):
    """GET: a page with a button (mail scanners open links); POST: the link's token signs in, once."""
    token = request.POST.get("sesame") or request.GET.get("sesame") or ""
    if request.method == "POST":
        user = authenticate(request, sesame=token) if token else None
        if user is not None and not user.has_usable_password():
            return _signed_in(request, user)
        messages.error(request, _("This link has expired or was used already: ask for a new one."))
        return redirect("player:sign_in")
    return render(request, "player/link.html", {"token": token})
