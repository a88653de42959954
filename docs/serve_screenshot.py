"""Makes docs/serve-phone.png: `board serve` on a phone-sized (360 px) headless chromium, for a
short game with a war in progress. Needs chromium and chromium-driver (Debian) and Selenium.

    .venv/bin/python docs/serve_screenshot.py
"""
import subprocess
import sys
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

OUT = Path(__file__).resolve().parent / "serve-phone.png"
GAME = [("new", "--players", "Ann,Bob,Cy", "--time-limit", "120"),
        ("first", "Ann=3", "Bob=7", "Cy=5", "--readout", "2343"),
        ("homeland", "United States"), ("homeland", "West Germany"), ("homeland", "Japan"),
        ("ally", "Canada"), ("ally", "Mexico"), ("pass",),
        ("ally", "Spain"), ("ally", "Italy"), ("pass",), ("ally", "South Korea"), ("pass",),
        ("attack", "Indonesia"),
        ("battle", "attacker", "--weapons", "plane,sub", "--energy", "1800,1355")]


def board(game: Path, *argv: str) -> str:
    return subprocess.run([sys.executable, "-m", "board.cli", "-g", str(game), *argv], check=True,
                          capture_output=True, text=True).stdout


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "conquest.db"
        for argv in GAME:
            board(game, *argv)
        server = subprocess.Popen([sys.executable, "-m", "board.cli", "serve", str(game), "--port", "0"],
                                  stdout=subprocess.PIPE, text=True)
        try:
            url = server.stdout.readline().split(" at ")[1].strip()
            options = webdriver.ChromeOptions()
            options.binary_location = "/usr/bin/chromium"
            for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                         "--disable-component-update", "--disable-sync", "--no-first-run",
                         "--hide-scrollbars"):
                options.add_argument(flag)
            # A phone's viewport (headless windows are never narrower than 500 px).
            options.add_experimental_option("mobileEmulation", {
                "deviceMetrics": {"width": 360, "height": 740, "pixelRatio": 2}})
            driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
            try:
                driver.get(url)
                WebDriverWait(driver, 20).until(lambda d: d.execute_script(
                    "const i = document.querySelector('img.board'); return i && i.complete && i.naturalWidth > 0"))
                driver.save_screenshot(str(OUT))
            finally:
                driver.quit()
        finally:
            server.terminate()
            server.wait(10)
    print(f"{OUT}: the page on a 360-px phone")
    return 0


if __name__ == "__main__":
    sys.exit(main())
