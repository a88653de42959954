"""`board serve` in a real browser: Debian's chromium, headless, driven by Selenium through
chromium-driver (nothing downloaded). The page follows a war recorded by another process within
2 s; a name with <script> shows as text; the phone (360 px) and TV (1920 px) layouts, with
screenshots kept in build/serve-screenshots/ as the test's artefacts."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from serve_helpers import XSS_NAME, board

REPO = Path(__file__).resolve().parents[2]
ARTEFACTS = REPO / "build" / "serve-screenshots"
CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
# Chromium as root in a container: no sandbox, no GPU, nothing fetched in the background.
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run",
                  "--disable-dev-shm-usage")

if not (CHROMIUM and DRIVER):
    if os.environ.get("CI"):
        raise RuntimeError("the browser tests need chromium and chromium-driver (.ci/run installs them)")
    pytest.skip("no chromium/chromedriver (apt-get install chromium chromium-driver)", allow_module_level=True)

from selenium import webdriver                                  # noqa: E402
from selenium.webdriver.chrome.service import Service           # noqa: E402
from selenium.common.exceptions import NoAlertPresentException  # noqa: E402
from selenium.webdriver.common.by import By                     # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait         # noqa: E402

from test_serve_cli import start, stop                          # noqa: E402


def browser(width: int, height: int):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--window-size={width},{height}")
    if width < 500:         # a phone's viewport: headless windows are never narrower than 500 px
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 1}})
    return webdriver.Chrome(options=options, service=Service(DRIVER))


@pytest.fixture
def table(tmp_path):
    """A game of Ann and a player named with a script, past the start-up alliances, served by
    the real `board serve` command; yields (game file, address)."""
    game = tmp_path / "game.db"
    board(game, "new", "--players", f"Ann,{XSS_NAME}")
    board(game, "first", "Ann=3", f"{XSS_NAME}=7", "--readout", "3")
    board(game, "homeland", "United States")
    board(game, "homeland", "West Germany")
    board(game, "ally", "Canada")
    board(game, "ally", "Mexico")
    board(game, "pass")
    board(game, "pass")
    process, lines = start(str(game), "--port", "0")
    try:
        yield game, lines[0].split(" at ")[1]
    finally:
        stop(process)


def panel_text(driver) -> str:
    # Read in one step: the page swaps the panel for a new one at each change.
    return driver.execute_script("return document.getElementById('panel').innerText")


def test_the_page_follows_a_war_recorded_elsewhere(table):
    game, url = table
    driver = browser(360, 780)
    try:
        driver.get(url)
        WebDriverWait(driver, 10).until(lambda d: "Last events" in panel_text(d))
        assert "war for Indonesia" not in panel_text(driver)
        # Wait until the page's stream is connected (its first state has arrived), then record.
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            "return document.readyState === 'complete'"))
        result = subprocess.run([sys.executable, "-m", "board.cli", "-g", str(game), "attack", "Indonesia"],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        WebDriverWait(driver, 2, poll_frequency=0.05).until(
            lambda d: "war for Indonesia" in panel_text(d))
        text = panel_text(driver)
        assert f"{XSS_NAME} attacks, Ann defends" in text
        assert "#8 attack country=Indonesia" in text, text
    finally:
        driver.quit()


def test_a_script_in_a_name_is_shown_as_text(table):
    _, url = table
    driver = browser(360, 780)
    try:
        driver.get(url)
        WebDriverWait(driver, 10).until(lambda d: "Last events" in panel_text(d))
        assert XSS_NAME in panel_text(driver)
        with pytest.raises(NoAlertPresentException):
            driver.switch_to.alert                  # the name's script did not run
        scripts = driver.find_elements(By.TAG_NAME, "script")
        assert [s.get_attribute("src").rsplit("/", 1)[1] for s in scripts] == ["page.js"]
    finally:
        driver.quit()


@pytest.mark.parametrize("name, width, height", [("phone", 360, 780), ("tv", 1920, 1080)])
def test_layouts(table, name, width, height):
    _, url = table
    driver = browser(width, height)
    try:
        driver.get(url)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            "const i = document.querySelector('img.board'); return i && i.complete && i.naturalWidth > 0"))
        inner = driver.execute_script("return window.innerWidth")
        assert inner == width
        assert driver.execute_script("return document.documentElement.scrollWidth") <= inner, \
            "the page scrolls sideways"
        board_box = driver.find_element(By.CSS_SELECTOR, "img.board").rect
        next_box = driver.find_element(By.CSS_SELECTOR, ".next").rect
        font = driver.execute_script("return parseFloat(getComputedStyle(document.body).fontSize)")
        if name == "phone":
            assert board_box["width"] <= inner and next_box["y"] < board_box["y"]   # one column
            assert font == 16
        else:
            assert board_box["x"] + board_box["width"] <= next_box["x"]        # the board beside
            assert font == 24
        ARTEFACTS.mkdir(parents=True, exist_ok=True)
        assert driver.get_screenshot_as_file(str(ARTEFACTS / f"{name}.png"))
    finally:
        driver.quit()
