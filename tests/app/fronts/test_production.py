"""Production settings: secure by default, clean for `check --deploy`, a strict Content-Security-Policy."""

import os
import re
import subprocess
import sys
from pathlib import Path

from django.urls import reverse

ROOT = Path(__file__).resolve().parents[3]
#: What .env.example tells a production deployment to set (behind a TLS proxy).
PRODUCTION = {
    "DJANGO_SECRET_KEY": "k7#Qv9!pZr2@Lm4$Xw8^Nt6&Yb1*Hc3(Ja5)Fd0-Gs7+Ue9=Ri2?Oy4",
    "DJANGO_ALLOWED_HOSTS": "swiss.example.org",
    "DJANGO_CSRF_TRUSTED_ORIGINS": "https://swiss.example.org",
    "DJANGO_SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    """``manage.py`` in a fresh process with the project's settings and only ``env`` of ours."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, capture_output=True, text=True,
                          env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env}, timeout=120)


def test_check_deploy_is_clean_with_the_production_environment():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout and "WARNING" not in result.stderr


def test_hsts_is_on_by_default_and_off_when_debugging():
    show = ["shell", "--verbosity", "0", "-c", "from django.conf import settings as s; "
            "print(s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD)"]
    assert manage(*show, **PRODUCTION).stdout.split() == ["31536000", "True", "True"]
    assert manage(*show, DJANGO_DEBUG="1").stdout.split() == ["0", "False", "False"]
    assert manage(*show, **PRODUCTION, DJANGO_SECURE_HSTS_SECONDS="0").stdout.split()[0] == "0"


def test_the_image_holds_no_secret_no_test_tool_and_runs_unprivileged():
    """The production image (Dockerfile): .env never copied in, the app's dependencies only, a
    non-root user; the test and lint tools are pyproject.toml's dev group."""
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert ".env" in ignored and ".env.*" in ignored and "tests" in ignored
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "pip install --no-cache-dir -r requirements.txt" in dockerfile and "--group" not in dockerfile
    users = re.findall(r"^USER (\S+)", dockerfile, re.M)
    assert users and users[-1] not in ("root", "0")
    runtime = (ROOT / "requirements.txt").read_text().lower()
    for tool in ("pytest", "playwright", "ruff", "import-linter", "pypdf"):
        assert tool not in runtime, tool


def test_no_start_without_a_secret_key_unless_debugging():
    refused = manage("check")
    assert refused.returncode != 0 and "Set DJANGO_SECRET_KEY" in refused.stderr
    assert manage("check", DJANGO_DEBUG="1").returncode == 0


def test_debug_is_off_unless_asked_for():
    show = ["shell", "--verbosity", "0", "-c",
            "from django.conf import settings; print(settings.DEBUG, settings.SECURE_SSL_REDIRECT)"]
    assert manage(*show, DJANGO_SECRET_KEY=PRODUCTION["DJANGO_SECRET_KEY"]).stdout.split() == ["False", "True"]
    assert manage(*show, DJANGO_DEBUG="1").stdout.split() == ["True", "False"]


def test_pages_carry_a_strict_content_security_policy(client, db):
    policy = client.get(reverse("public:home"))["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["default-src"] == "'self'" and "script-src" not in directives  # scripts: 'self' only
    assert "style-src" not in directives and "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy


def test_templates_have_no_inline_script_or_style():
    """The policy forbids them: every script and style is a static file."""
    inline = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle=|\son[a-z]+=|hx-on", re.IGNORECASE)
    found = [f"{path.relative_to(ROOT)}: {match.group(0)}" for path in (ROOT / "templates").rglob("*.html")
             for match in inline.finditer(path.read_text())]
    assert found == []


def test_api_docs_load_their_assets_from_this_server(client):
    page = client.get("/api/docs/").content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert assets and all(url.startswith("/") for url in assets), assets
    assert any("swagger-ui-bundle.js" in url for url in assets)
    script = client.get("/api/docs/?script=")
    assert script.status_code == 200 and "SwaggerUIBundle" in script.content.decode()
