"""Write the web app's PNG icons (static/icons/icon-192.png, icon-512.png) from static/icons/icon.svg, drawn
by the system Chromium (Playwright; never a downloaded browser).  Run again after changing the SVG:

    .venv/bin/python scripts/make_icons.py
"""

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "static" / "icons"
SIZES = (192, 512)


def main() -> None:
    svg = (ICONS / "icon.svg").read_text()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(f'<body style="margin:0">{sized}</body>')
            page.screenshot(path=ICONS / f"icon-{size}.png", omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
