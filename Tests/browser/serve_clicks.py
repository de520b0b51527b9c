#!/usr/bin/env python3
"""shelf serve in headless Chromium, driven by WebDriver (selenium + Debian's chromedriver).

Run by Tests/shelfTests/ServeCommands/ServeBrowserTests.swift against a server it started on a
temporary library:

    serve_clicks.py clicks BASE_URL LIBRARY_DIR BARCODE_PNG
    serve_clicks.py screenshots BASE_URL OUT_DIR
    serve_clicks.py access ACCESS_LINK
    serve_clicks.py axe BASE_URL PAGE...
    serve_clicks.py keyboard BASE_URL LIBRARY_DIR
    serve_clicks.py reading BASE_URL LIBRARY_DIR

`clicks` opens the grid, filters by a tag, opens a book, rates it (and checks that exactly one
line of its file changed), adds a note, adds a book by uploading a photo of its barcode, and
checks a phone-sized viewport (390x844) for horizontal overflow on every page. `screenshots`
saves the grid and a book page at desktop and phone size. `access` opens a server on the network
by its access link: the address bar is left clean, the pages work, no script sees the session
cookie, and a browser without it is refused. `axe` runs axe-core on each page at both sizes and
fails on a serious or critical violation. `keyboard` searches, opens a book and logs a read of it
with the Tab and Enter keys only (and typing). `reading` checks, at both sizes, the search box's
suggestions, the "matched in" lines of a search, the edit form's suggestions, and changing a
read's dates, and the year in review, with axe-core over each page as the test leaves it. Prints `N passed, N failed`; exits 1
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
    from selenium.webdriver.common.keys import Keys
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


def stale(element):
    """True once the element's page is gone."""
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


def click_and_wait(driver, element):
    """Clicks and waits until the page the element was on is gone."""
    element.click()
    WebDriverWait(driver, 30).until(lambda _: stale(element))


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
        # The search box takes a line of its own on a phone, not what the links leave of the first.
        driver.get(base)
        box = driver.find_element(By.CSS_SELECTOR, "header input[name=q]").size["width"]
        check(box >= 300, f"phone 390x844: the search box is {box} px wide (at least 300)")
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


def axe_violations(driver):
    """axe-core's violations on the page shown: rule, impact, what axe says, the first elements."""
    with open(AXE, encoding="utf-8") as handle:
        driver.execute_script(handle.read())
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map(v => "
        "({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))));")


def accessibility(base, pages):
    """Runs axe-core (Tests/browser/axe.min.js, 4.12) on each page at phone and desktop size;
    a serious or critical violation fails, with its rule, the elements and what axe says."""
    driver = browser()
    try:
        for name in at_both_sizes(driver):
            for page in pages:
                driver.get(base + page.lstrip("/"))
                run_axe(driver, f"{page} at {name} size")
    finally:
        driver.quit()


def run_axe(driver, what):
    """axe-core over the page as it is now (details opened, boxes typed in): one check."""
    violations = axe_violations(driver)
    bad = [v for v in violations if v["impact"] in ("serious", "critical")]
    for violation in bad:
        print(f"     {violation['id']} ({violation['impact']}): {violation['help']} at {violation['nodes']}")
    check(not bad, f"axe: no serious or critical violation on {what}" + (f" ({len(violations)} minor)" if violations else ""))


def tab_to(driver, wanted, what, limit=120):
    """Presses Tab until the focused element is the one `wanted(element)` accepts."""
    for _ in range(limit):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        element = driver.switch_to.active_element
        if wanted(element):
            return element
    raise AssertionError(f"Tab never reached {what}")


def press_enter(driver, element):
    """Enter on a focused control; waits for the next page when it submits or follows a link."""
    leaves = element.tag_name in ("a", "button", "input")
    element.send_keys(Keys.ENTER)
    if leaves:
        WebDriverWait(driver, 30).until(lambda _: stale(element))


def at_both_sizes(driver):
    """Sets the phone's viewport, then the desktop's, giving the name of each."""
    for name, size, mobile in [("phone", PHONE, True), ("desktop", DESKTOP, False)]:
        viewport(driver, size, mobile)
        yield name


def keyboard(base, library):
    """A whole flow by keyboard: search, open the book found, log another read of it."""
    driver = browser()
    try:
        for name in at_both_sizes(driver):
            driver.get(base)
            first = tab_to(driver, lambda e: e.get_attribute("class") == "skip", "the skip link", limit=2)
            check(first.text == "Skip to the content", f"{name}: the first Tab reaches the skip link")
            box = tab_to(driver, lambda e: e.get_attribute("name") == "q", "the search box")
            box.send_keys("estraven")
            press_enter(driver, box)
            lines = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".matched")]
            check(any("matched in notes" in line for line in lines), f"{name}: Enter in the search box searches: {lines}")
            link = tab_to(driver, lambda e: e.tag_name == "a" and "book?p=left-hand" in (e.get_attribute("href") or ""), "the book")
            press_enter(driver, link)
            check(driver.find_element(By.TAG_NAME, "h1").text == "The Left Hand of Darkness", f"{name}: Enter opens the book")
            summary = tab_to(driver, lambda e: e.tag_name == "summary" and e.text == "Log another read", "Log another read")
            summary.send_keys(Keys.ENTER)
            started = tab_to(driver, lambda e: e.get_attribute("name") == "started", "the Started box", limit=3)
            year = "2024" if name == "phone" else "2025"
            started.send_keys(f"{year}-01-02")
            finished = tab_to(driver, lambda e: e.get_attribute("name") == "ended", "the Finished box", limit=3)
            finished.send_keys(f"{year}-02-03")
            button = tab_to(driver, lambda e: e.tag_name == "button", "Log the read", limit=3)
            check(button.text == "Log the read", f"{name}: Tab goes on to the button: {button.text}")
            press_enter(driver, button)
            text = read(os.path.join(library, "left-hand.md")).decode()
            check(f"started: {year}-01-02" in text and f"finished: {year}-02-03" in text,
                  f"{name}: the read is logged in the file: {text[:400]}")
            check(f"{year}-02-03" in driver.find_element(By.CSS_SELECTOR, ".reads").text, f"{name}: the page shows the new read")
        check(policy_violations(driver) == [], "no Content-Security-Policy violation")
    finally:
        driver.quit()


def reading(base, library):
    """Suggestions, matched-in lines and a read's dates, at phone and desktop size."""
    driver = browser()
    try:
        for name in at_both_sizes(driver):
            driver.get(base)
            box = driver.find_element(By.ID, "q")
            box.send_keys("tag:sc")
            WebDriverWait(driver, 10).until(lambda d: d.execute_script(
                "return Array.from(document.querySelectorAll('#query-suggestions option')).map(o => o.value)") == ["tag:sci-fi"])
            check(True, f"{name}: typing tag:sc suggests tag:sci-fi")
            box.clear()
            box.send_keys("le guin cl")
            WebDriverWait(driver, 10).until(lambda d: "le guin tag:classics" in d.execute_script(
                "return Array.from(document.querySelectorAll('#query-suggestions option')).map(o => o.value)"))
            check(True, f"{name}: the last word of a query is completed, the rest kept")
            run_axe(driver, f"the grid with suggestions, {name}")
            driver.get(base + "?q=estraven")
            lines = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".matched")]
            marks = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".matched mark")]
            check(any(line.startswith("matched in notes:") for line in lines) and any(line.startswith("matched in highlights:") for line in lines),
                  f"{name}: a search says where each book matched: {lines}")
            check(marks and all(mark.lower() == "estraven" for mark in marks), f"{name}: the word is marked: {marks}")
            width, inner = overflow(driver)
            check(width <= inner, f"{name}: the results do not scroll sideways: {width} <= {inner}")

            driver.get(base + "book?p=left-hand.md")
            driver.find_element(By.CSS_SELECTOR, "details.edit summary").click()
            tags = driver.find_element(By.CSS_SELECTOR, ".fields-form input[name=tags]")
            tags.send_keys(Keys.END, ", cl")
            options = driver.execute_script(
                "return Array.from(document.getElementById(arguments[0].getAttribute('list')).options).map(o => o.value)", tags)
            check(any(option.endswith(", classics") for option in options), f"{name}: the tags box suggests the next tag: {options}")

            driver.get(base + "book?p=left-hand.md")
            for summary in driver.find_elements(By.CSS_SELECTOR, "details.redate summary, details.log-read summary, details.edit summary"):
                summary.click()
            run_axe(driver, f"the book page with its reads' forms and the edit form open, {name}")
            form = driver.find_element(By.XPATH, "//form[contains(@class,'read-dates')][.//legend[starts-with(., 'Read 1 ')]]")
            started = form.find_element(By.NAME, "started")
            day = "2019-03-0" + ("5" if name == "phone" else "6")
            started.clear()
            started.send_keys(day)
            before = read(os.path.join(library, "left-hand.md")).decode()
            click_and_wait(driver, form.find_element(By.TAG_NAME, "button"))
            after = read(os.path.join(library, "left-hand.md")).decode()
            changed = [line for line in difflib.ndiff(before.splitlines(), after.splitlines()) if line[:1] in "+-"]
            check(len(changed) == 2 and day in changed[1], f"{name}: one line of the file changed: {changed}")
            check(day in driver.find_element(By.CSS_SELECTOR, ".reads").text, f"{name}: the page shows the new date")

            driver.get(base + "review?year=2023")
            check(driver.find_element(By.TAG_NAME, "h1").text == "2023 in review", f"{name}: the year in review opens")
            driver.find_element(By.XPATH, "//summary[text()='Both as a table']").click()
            rows = [row.text for row in driver.find_elements(By.CSS_SELECTOR, ".review table tr")]
            check("Feb 1 0" in rows, f"{name}: the months' table opens: {rows}")
            width, inner = overflow(driver)
            check(width <= inner, f"{name}: the year in review does not scroll sideways: {width} <= {inner}")
            run_axe(driver, f"the year in review with its table open, {name}")
        check(policy_violations(driver) == [], "no Content-Security-Policy violation")
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
    elif mode == "keyboard" and len(sys.argv) == 4:
        keyboard(sys.argv[2].rstrip("/") + "/", sys.argv[3])
    elif mode == "reading" and len(sys.argv) == 4:
        reading(sys.argv[2].rstrip("/") + "/", sys.argv[3])
    elif mode == "screenshots" and len(sys.argv) == 4:
        screenshots(sys.argv[2].rstrip("/") + "/", sys.argv[3])
    else:
        print(__doc__)
        sys.exit(64)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
