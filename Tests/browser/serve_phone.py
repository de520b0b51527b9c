#!/usr/bin/env python3
"""shelf serve as an app on a phone, in headless Chromium driven by WebDriver.

Run by Tests/shelfTests/ServeCommands/ServePhoneTests.swift:

    serve_phone.py SHELF_BINARY LIBRARY_DIR EXPECTED_DIR TODAY

It starts `shelf serve` on LIBRARY_DIR itself, so that it can stop the server (the phone is
away from it) and start it again on the same address (the server is back). It checks, at
1440x900, what Chromium needs to install the library (the manifest parsed, no installability
error, the icons, the service worker registered and controlling the page); then at 390x844:
the pages visited open from their copy with the offline banner, a rating and "+25 pages" made
offline wait on the phone, and land when the server is back with the bytes the command line
writes (EXPECTED_DIR/dune.md); then a rating made offline while `shelf rate` changes the same
book: the server answers 409, the page shows both values, and the file keeps the command's
bytes. On the network (127.0.0.2, with an access link), a change made offline waits while the
restarted server asks for its new link, and lands once it is opened. axe-core runs on the
offline copy and on the conflict. Prints `N passed, N failed`.
"""
import json
import os
import re
import signal
import struct
import subprocess
import sys
import tempfile
import urllib.request
import zlib

from serve_clicks import By, PHONE, WebDriverWait, axe_violations, browser, check, click_and_wait, read, viewport
import serve_clicks

WIDE = (1440, 900)
# Every server started, stopped at the end whatever failed.
servers = []


def start(shelf, library, port, env, host=None):
    """`shelf serve` on the port (0: any), and its address once it says it listens; on another
    host than loopback, its access link instead."""
    words = [shelf, "serve", "--library", library, "--port", str(port)] + (["--host", host] if host else [])
    server = subprocess.Popen(words, cwd=library, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    servers.append(server)
    line = server.stdout.readline()
    found = re.search(r" at (http://\S+/) ", line)
    if not found:
        server.kill()
        raise RuntimeError(f"shelf serve did not start: {line!r}")
    if host:
        while "?access=" not in line:
            line = server.stdout.readline()
        return server, line.strip()
    return server, found.group(1)


def stop(server):
    if server.poll() is not None:
        return
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def png_pixel(data, x, y):
    """The RGBA pixel of an 8-bit RGBA PNG whose rows are unfiltered (as shelf draws its icons)."""
    width, height, depth, kind = struct.unpack(">IIBB", data[16:26])
    idat, offset = b"", 8
    while offset < len(data):
        length, name = struct.unpack(">I4s", data[offset:offset + 8])
        if name == b"IDAT":
            idat += data[offset + 8:offset + 8 + length]
        offset += 12 + length
    raw = zlib.decompress(idat)
    row = raw[y * (width * 4 + 1):(y + 1) * (width * 4 + 1)]
    assert depth == 8 and kind == 6 and row[0] == 0
    return tuple(row[1 + x * 4:1 + x * 4 + 4])


def queue_text(driver):
    return driver.execute_script("var q = document.querySelector('.queue'); return q && !q.hidden ? q.textContent : '';")


def wait(driver, condition, what):
    try:
        WebDriverWait(driver, 60, poll_frequency=0.2).until(lambda _: condition())
        return True
    except Exception:
        print(f"     waited in vain for {what}")
        return False


def install(driver, base):
    """What Chromium asks of a web app it offers to install, at desktop size."""
    viewport(driver, WIDE, False)
    driver.get(base)
    controlling = wait(driver, lambda: driver.execute_script("return !!navigator.serviceWorker.controller"), "the worker")
    worker = driver.execute_script(
        "return navigator.serviceWorker.controller && [navigator.serviceWorker.controller.scriptURL, "
        "navigator.serviceWorker.controller.state]")
    check(controlling and worker[0] == base + "sw.js", f"the service worker controls the page: {worker}")
    scope = driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; navigator.serviceWorker.ready.then(r => done(r.scope));")
    check(scope == base, f"its scope is the whole site: {scope}")
    manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
    data = json.loads(manifest.get("data") or "{}")
    check(manifest.get("url") == base + "manifest.webmanifest" and not manifest.get("errors"),
          f"the manifest is found and parsed without error: {manifest.get('url')} {manifest.get('errors')}")
    check(data.get("display") == "standalone" and data.get("start_url") == "/dashboard" and data.get("theme_color") == "#8a4b08",
          f"standalone, opening on the dashboard (reading now), with the theme colour: {data}")
    errors = driver.execute_cdp_cmd("Page.getInstallabilityErrors", {}).get("installabilityErrors")
    check(errors == [], f"Chromium finds no installability error: {errors}")
    for icon in data.get("icons", []):
        size = int(icon["sizes"].split("x")[0])
        png = urllib.request.urlopen(base + icon["src"].lstrip("/")).read()
        width, height = struct.unpack(">II", png[16:24])
        corner = png_pixel(png, 0, 0)[3]
        centre = png_pixel(png, size // 2, size // 2)[3]
        maskable = icon.get("purpose") == "maskable"
        check(png[:8] == b"\x89PNG\r\n\x1a\n" and (width, height) == (size, size) and centre == 255
              and corner == (255 if maskable else 0),
              f"{icon['src']}: a {size}x{size} PNG, {'filled to its corners' if maskable else 'rounded corners'}")
    check(serve_clicks.policy_violations(driver) == [], "no Content-Security-Policy violation")


def offline_then_online(driver, base, shelf, library, expected, env, server):
    """A rating and "+25 pages" made while the server is away land when it is back."""
    port = int(re.search(r":(\d+)/$", base).group(1))
    dune = os.path.join(library, "dune.md")
    before = read(dune)
    viewport(driver, PHONE, True)
    for page in ["book?p=dune.md", "book?p=foundation.md", ""]:
        driver.get(base + page)
    stop(server)

    driver.get(base + "book?p=dune.md")
    banner = driver.find_elements(By.CSS_SELECTOR, ".offline-banner")
    check(banner and "copy of this page saved on this device on 20" in banner[0].text
          and driver.find_element(By.TAG_NAME, "h1").text == "Dune",
          f"the server away, the book opens from its copy, saying so and when: {banner[0].text if banner else None}")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "button.star[value='3']"))
    check(wait(driver, lambda: "1 change made offline waits" in queue_text(driver), "1 change")
          and "dune.md: rating 3" in queue_text(driver), f"the rating waits on the phone: {queue_text(driver)!r}")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "button.step[value='+25']"))
    check(wait(driver, lambda: "2 changes made offline wait" in queue_text(driver), "2 changes")
          and "dune.md: progress +25" in queue_text(driver), f"so does the progress: {queue_text(driver)!r}")
    check(read(dune) == before, "nothing reached the file while the server was away")
    for name, size, mobile in [("phone", PHONE, True), ("desktop", WIDE, False)]:
        viewport(driver, size, mobile)
        bad = [v for v in axe_violations(driver) if v["impact"] in ("serious", "critical")]
        check(not bad, f"axe: no serious or critical violation on the offline copy with its queue at {name} size: {bad}")
    viewport(driver, PHONE, True)

    driver.get(base)
    titles = [element.text for element in driver.find_elements(By.CSS_SELECTOR, ".grid strong")]
    check("Dune" in titles and driver.find_elements(By.CSS_SELECTOR, ".offline-banner"), f"so does the grid: {titles}")
    driver.get(base + "stats")
    check(driver.find_element(By.TAG_NAME, "h1").text == "Not saved on this device", "a page never opened says there is no copy")
    bad = [v for v in axe_violations(driver) if v["impact"] in ("serious", "critical")]
    check(not bad, f"axe: no serious or critical violation on the page saying so: {bad}")

    server, _ = start(shelf, library, port, env)
    driver.get(base + "book?p=dune.md")
    landed = wait(driver, lambda: read(dune) == read(os.path.join(expected, "dune.md")), "the file to change")
    check(landed, "back online, both changes land: the bytes `shelf rate dune 3; shelf progress dune +25` write")
    check(wait(driver, lambda: queue_text(driver) == "" and len(driver.find_elements(By.CSS_SELECTOR, "button.star.on")) == 3,
               "the queue to empty"), "the queue is empty and the page shows the rating from the file")
    return server


def conflict(driver, base, shelf, library, env, server):
    """A rating made while the server is away, and the same book rated from the command line."""
    port = int(re.search(r":(\d+)/$", base).group(1))
    foundation = os.path.join(library, "foundation.md")
    stop(server)
    driver.get(base + "book?p=foundation.md")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "button.star[value='2']"))
    check(wait(driver, lambda: "foundation.md: rating 2" in queue_text(driver), "the change"), "offline, rating 2 waits")
    typed = subprocess.run([shelf, "rate", "foundation", "5"], cwd=library, env=env, capture_output=True, text=True)
    after = read(foundation)
    check(typed.returncode == 0 and b"rating: 5" in after, f"meanwhile `shelf rate foundation 5`: {typed.stderr}")

    server, _ = start(shelf, library, port, env)
    driver.get(base + "book?p=foundation.md")
    shown = wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "main .conflict td.mine"), "the conflict")
    mine = driver.find_element(By.CSS_SELECTOR, ".conflict td.mine").text if shown else ""
    theirs = driver.find_element(By.CSS_SELECTOR, ".conflict td.theirs").text if shown else ""
    check(shown and (mine, theirs) == ("2", "5"), f"the server answers 409 and the page shows both: {mine!r} {theirs!r}")
    notices = [element.text for element in driver.find_elements(By.CSS_SELECTOR, "main .notice")]
    check(any("not saved as it was" in notice for notice in notices), f"saying the change was not saved: {notices}")
    check(read(foundation) == after, "the file keeps the command's bytes")
    check("foundation.md: rating 2 (the file changed too)" in queue_text(driver),
          f"the change stays in the queue, marked, until the reader chooses: {queue_text(driver)!r}")
    for name, size, mobile in [("phone", PHONE, True), ("desktop", WIDE, False)]:
        viewport(driver, size, mobile)
        bad = [v for v in axe_violations(driver) if v["impact"] in ("serious", "critical")]
        check(not bad, f"axe: no serious or critical violation on the conflict at {name} size: {bad}")
    viewport(driver, PHONE, True)
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, ".conflict a.keep"))
    check(wait(driver, lambda: queue_text(driver) == "", "the queue to empty") and read(foundation) == after,
          "keeping the file's value ends the change: the queue is empty, the file as the command left it")
    check(serve_clicks.policy_violations(driver) == [], "no Content-Security-Policy violation on the phone")
    return server


def restarted_on_the_network(driver, shelf, library, env):
    """On the network, a restarted server asks for its new access link: the change waits, the
    page says to open the link, and once it is opened the change lands."""
    server, link = start(shelf, library, 0, env, host="127.0.0.2")
    base = link.split("?")[0]
    port = int(re.search(r":(\d+)/$", base).group(1))
    dune = os.path.join(library, "dune.md")
    driver.get(link)
    wait(driver, lambda: driver.execute_script("return !!navigator.serviceWorker.controller"), "the worker")
    driver.get(base + "book?p=dune.md")
    before = read(dune)
    stop(server)
    driver.get(base + "book?p=dune.md")
    click_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "button.star[value='1']"))
    check(wait(driver, lambda: "dune.md: rating 1" in queue_text(driver), "the change"), "on the network, offline, rating 1 waits")
    server, link = start(shelf, library, port, env, host="127.0.0.2")
    driver.execute_script("window.dispatchEvent(new Event('online'))")
    check(wait(driver, lambda: "asks for its new access link" in queue_text(driver), "the message")
          and read(dune) == before, f"the server restarted asks for its link; the change waits: {queue_text(driver)!r}")
    driver.get(link)
    check(wait(driver, lambda: read(dune) == before.replace(b"rating: 3", b"rating: 1"), "the file")
          and wait(driver, lambda: queue_text(driver) == "", "the queue to empty"),
          "the new access link opened, the change lands and leaves the queue")


def main(shelf, library, expected, today):
    cache = tempfile.mkdtemp(prefix="shelf-phone-cache-")
    env = dict(os.environ, SHELF_TODAY=today, XDG_CACHE_HOME=cache)
    env.pop("SHELF_LIBRARY", None)
    server, base = start(shelf, library, 0, env)
    driver = browser()
    try:
        install(driver, base)
        server = offline_then_online(driver, base, shelf, library, expected, env, server)
        server = conflict(driver, base, shelf, library, env, server)
        restarted_on_the_network(driver, shelf, library, env)
    finally:
        driver.quit()
        for each in servers:
            stop(each)


if __name__ == "__main__":
    if len(sys.argv) != 5:
        print(__doc__)
        sys.exit(64)
    main(*sys.argv[1:])
    print(f"{serve_clicks.passed} passed, {serve_clicks.failed} failed")
    sys.exit(1 if serve_clicks.failed else 0)
