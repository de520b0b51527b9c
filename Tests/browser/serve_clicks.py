#!/usr/bin/env python3
"""shelf serve in headless Chromium, driven by WebDriver (selenium + Debian's chromedriver).

Run by Tests/shelfTests/ServeCommands/ServeBrowserTests.swift against a server it started on a
temporary library:

    serve_clicks.py clicks BASE_URL LIBRARY_DIR BARCODE_PNG
    serve_clicks.py screenshots BASE_URL OUT_DIR
    serve_clicks.py access ACCESS_LINK
    serve_clicks.py axe BASE_URL PAGE...

`clicks` opens the grid, filters by a tag, opens a book, rates it (and checks that exactly one
line of its file changed), adds a note, adds a book by uploading a photo of its barcode, and
checks a phone-sized viewport (390x844) for horizontal overflow on every page. `screenshots`
saves the grid and a book page at desktop and phone size. `access` opens a server on the network
by its access link: the address bar is left clean, the pages work, no script sees the session
cookie, and a browser without it is refused. `axe` runs axe-core on each page at both sizes and
fails on a serious or critical violation. Prints `N passed, N failed`; exits 1
on a failure, 2 when selenium or chromedriver is missing (the Swift test reports it loudly).
"""
import difflib
import os
import shutil
import sys
import time

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError as error:
    print(f"SKIP: selenium is not installed ({error})")
    sys.exit(2)

PHONE = (390, 844)
DESKTOP = (1440, 900)
passed, failed = 0, 0


def check(condition, what):
    global passed, failed
    if condition:
        passed += 1
        print(f"ok   {what}")
    else:
        failed += 1
        print(f"FAIL {what}")


def browser():
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if not os.path.exists(driver_path):
        print("SKIP: chromedriver is not installed (Debian's chromium-driver)")
        sys.exit(2)
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                     "--hide-scrollbars", "--force-color-profile=srgb", f"--window-size={DESKTOP[0]},{DESKTOP[1]}"]:
        options.add_argument(argument)
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.set_page_load_timeout(60)
    return driver


def viewport(driver, size, mobile):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": mobile})


def overflow(driver):
    return driver.execute_script("return [document.scrollingElement.scrollWidth, window.innerWidth]")


def policy_violations(driver):
    return [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]


def click_and_wait(driver, element):
    """Clicks and waits until the page the element was on is gone."""
    element.click()

    def left(_):
        try:
            element.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            # Chromium sometimes reports an element of the page being left this way, not as stale.
            if "does not belong to the document" in str(error):
                return True
            raise

    WebDriverWait(driver, 30).until(left)


def read(path):
    with open(path, "rb") as handle:
        return handle.read()


def clicks(base, library, barcode):
    driver = browser()
    try:
        driver.get(base)
        titles = [element.text for element in driver.find_elements(By.CSS_SELECTOR, ".grid strong")]
        check("Dune" in titles and "Solaris" in titles, f"the grid shows the books: {titles}")

        tag = driver.find_element(By.XPATH, "//nav[contains(@class,'tags')]/a[starts-with(normalize-space(.), '#classics')]")
        click_and_wait(driver, tag)
        titles = [element.text for element in driver.find_elements(By.CSS_SELECTOR, ".grid strong")]
        check("tag=classics" in driver.current_url and "Solaris" not in titles and "Dune" in titles,
              f"the tag facet filters: {driver.current_url} {titles}")

        click_and_wait(driver, driver.find_element(By.XPATH, "//ul[@class='grid']//a[.//strong[text()='Dune']]"))
        check(driver.find_element(By.TAG_NAME, "h1").text == "Dune", "the book page opens")

        path = os.path.join(library, "herbert-dune.md")
        before = read(path)
        click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "button.star[value='3']"))
        after = read(path)
        changed = [line for line in difflib.ndiff(before.decode().splitlines(), after.decode().splitlines()) if line[:1] in "+-"]
        check(changed == ["- rating: 5", "+ rating: 3"], f"rating 3: exactly one line changed: {changed}")
        check(len(driver.find_elements(By.CSS_SELECTOR, "button.star.on")) == 3, "the page shows three stars")

        note = driver.find_element(By.CSS_SELECTOR, ".note-form textarea")
        note.send_keys("Read again on the train — still great.")
        click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, ".note-form button"))
        text = read(path).decode()
        check(text.rstrip().endswith("Read again on the train — still great.") and text.startswith(after.decode().split("\n---\n")[0]),
              "the note is added at the end, the front matter untouched")
        check("Read again on the train" in driver.find_element(By.CSS_SELECTOR, ".notes").text, "the page shows the note")

        driver.get(base + "add")
        driver.find_element(By.CSS_SELECTOR, "input[type=file][name=photo]").send_keys(barcode)
        click_and_wait(driver, driver.find_element(By.XPATH, "//button[text()='Scan the photo']"))
        heading = driver.find_element(By.TAG_NAME, "h1").text
        check(heading == "The Left Hand of Darkness", f"a photo of the barcode adds the book: {heading}")
        added = [name for name in os.listdir(library) if name.endswith(".md") and "left-hand" in name]
        check(len(added) == 1, f"one new file: {added}")

        check(policy_violations(driver) == [], "no Content-Security-Policy violation on the desktop pages")

        viewport(driver, PHONE, True)
        for page in ["", "?tag=classics", "book?p=herbert-dune.md", "add", "dashboard"]:
            driver.get(base + page)
            width, inner = overflow(driver)
            check(width <= inner, f"phone 390x844, /{page}: scrollWidth {width} <= innerWidth {inner}")
        check(policy_violations(driver) == [], "no Content-Security-Policy violation on the phone pages")
    finally:
        driver.quit()


def access(link):
    base = link.split("?")[0]
    driver = browser()
    try:
        driver.get(base)
        check("Open the link" in driver.find_element(By.TAG_NAME, "body").text, "without the link: refused")
        driver.get(link)
        check(driver.current_url == base, f"the link leaves a clean address: {driver.current_url}")
        titles = [element.text for element in driver.find_elements(By.CSS_SELECTOR, ".grid strong")]
        check("Dune" in titles, f"signed in, the grid shows the books: {titles}")
        check(driver.execute_script("return document.cookie") == "", "no script can read the session cookie (HttpOnly)")
        cookies = driver.get_cookies()
        check(len(cookies) == 1 and cookies[0].get("httpOnly") and cookies[0].get("sameSite") == "Strict",
              f"one cookie, HttpOnly, SameSite=Strict: {cookies}")
        click_and_wait(driver, driver.find_element(By.XPATH, "//ul[@class='grid']//a[.//strong[text()='Dune']]"))
        check(driver.find_element(By.TAG_NAME, "h1").text == "Dune", "a book page opens with the session")
        check(policy_violations(driver) == [], "no Content-Security-Policy violation")
    finally:
        driver.quit()


AXE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "axe.min.js")


def accessibility(base, pages):
    """Runs axe-core (Tests/browser/axe.min.js, 4.12) on each page at phone and desktop size;
    a serious or critical violation fails, with its rule, the elements and what axe says."""
    with open(AXE, encoding="utf-8") as handle:
        axe = handle.read()
    driver = browser()
    try:
        for name, size, mobile in [("phone", PHONE, True), ("desktop", DESKTOP, False)]:
            viewport(driver, size, mobile)
            for page in pages:
                driver.get(base + page.lstrip("/"))
                driver.execute_script(axe)
                violations = driver.execute_async_script(
                    "const done = arguments[arguments.length - 1];"
                    "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map(v => "
                    "({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))));")
                bad = [v for v in violations if v["impact"] in ("serious", "critical")]
                for violation in bad:
                    print(f"     {violation['id']} ({violation['impact']}): {violation['help']} at {violation['nodes']}")
                check(not bad, f"axe: no serious or critical violation on {page} at {name} size"
                      + (f" ({len(violations)} minor)" if violations else ""))
    finally:
        driver.quit()


# True when every image the window shows has loaded (lazy ones below the fold are left alone).
VIEWPORT_IMAGES_SHOWN = """return [...document.images].filter(i => i.getBoundingClientRect().top < innerHeight)
    .every(i => i.complete && i.naturalWidth > 0)"""


def screenshots(base, out):
    os.makedirs(out, exist_ok=True)
    driver = browser()
    try:
        for name, size, mobile in [("desktop", DESKTOP, False), ("phone", PHONE, True)]:
            viewport(driver, size, mobile)
            for page, url in [("grid", base), ("book", base + "book?p=le-guin-the-left-hand-of-darkness.md"),
                              ("stats", base + "stats"), ("dashboard", base + "dashboard")]:
                driver.get(url)
                # The covers in view are thumbnails made on first request: wait for them to show.
                deadline = time.time() + 60
                while time.time() < deadline and not driver.execute_script(VIEWPORT_IMAGES_SHOWN):
                    time.sleep(0.2)
                target = os.path.join(out, f"{page}-{name}.png")
                driver.save_screenshot(target)
                check(os.path.getsize(target) > 0, f"saved {target}")
    finally:
        driver.quit()


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "clicks" and len(sys.argv) == 5:
        clicks(sys.argv[2].rstrip("/") + "/", sys.argv[3], sys.argv[4])
    elif mode == "access" and len(sys.argv) == 3:
        access(sys.argv[2])
    elif mode == "axe" and len(sys.argv) >= 4:
        accessibility(sys.argv[2].rstrip("/") + "/", sys.argv[3:])
    elif mode == "screenshots" and len(sys.argv) == 4:
        screenshots(sys.argv[2].rstrip("/") + "/", sys.argv[3])
    else:
        print(__doc__)
        sys.exit(64)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
