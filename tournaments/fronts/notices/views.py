"""The page of the unsubscribe link in every pairing notice: a confirm button (POST), never a change on GET.

The signed token is the only credential (no account, no cookie), so the page takes no CSRF token:
mail programs also POST to it without one for a one-click unsubscribe (RFC 8058, ``List-Unsubscribe-Post``),
which stops the tournament's notices."""

from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from tournaments.services.notices import read_token, unsubscribe


@csrf_exempt
@require_http_methods(["GET", "HEAD", "POST"])
def unsubscribe_page(request, token):
    found = read_token(token)
    if found is None:
        return render(request, "public/unsubscribe.html", {"invalid": True}, status=400)
    address, tournament = found
    context = {"address": address, "tournament": tournament}
    if request.method == "POST":
        everywhere = request.POST.get("scope") == "all" or tournament is None
        unsubscribe(address, None if everywhere else tournament)
        context.update(done=True, everywhere=everywhere)
    response = render(request, "public/unsubscribe.html", context)
    response["Cache-Control"] = "no-store"
    response["X-Robots-Tag"] = "noindex"
    return response
