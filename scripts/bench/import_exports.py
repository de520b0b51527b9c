#!/usr/bin/env python3
"""Large synthetic exports for measuring `shelf import` and `shelf highlights import`.

    import_exports.py goodreads ROWS OUT.csv [--seed N]
    import_exports.py clippings MEGABYTES OUT.txt [--seed N]

A Goodreads "Export Library" CSV with its 31 columns: titles of one to seven words drawn
from a Zipf-distributed vocabulary (so common words and titles repeat as in real shelves),
a third with a subtitle, 15% in a series, 10% with an HTML review, quoted cells with commas,
doubled quotes and CRLFs; 10% of rows repeat the author and title of an earlier row (another
edition: a Book Id and ISBN of its own). A Kindle `My Clippings.txt`: BOM, CRLF, books whose
clippings are spread through the file (a Zipf share each), highlights of 5 to 80 words, a note
now and then, 5% bookmarks. The output depends only on the arguments and the seed; see
docs/performance.md.
"""
import random
import sys

HEADER = ("Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,"
          "Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,"
          "Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Recommended For,"
          "Recommended By,Owned Copies,Original Purchase Date,Original Purchase Location,Condition,"
          "Condition Description,BCID")

SYLLABLES = ["ka", "lo", "mir", "an", "the", "sel", "vor", "ith", "un", "dra", "mel", "os", "tar", "en", "qu",
             "ri", "bel", "gon", "ash", "wyn", "por", "lei", "sto", "nam", "ur", "fel", "cra", "zin", "ho", "pe"]


def vocabulary(rng, count):
    words = set()
    while len(words) < count:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.choice([1, 2, 2, 3, 3, 4]))))
    ordered = sorted(words)
    rng.shuffle(ordered)  # which words are common is drawn, not alphabetical
    return ordered


class Zipf:
    """Draws indexes 0..n-1 with weight 1/(i+1)."""

    def __init__(self, rng, n):
        self.rng = rng
        total, self.cumulative = 0.0, []
        for i in range(n):
            total += 1.0 / (i + 1)
            self.cumulative.append(total)
        self.total = total

    def draw(self):
        import bisect
        return bisect.bisect_left(self.cumulative, self.rng.random() * self.total)


def words(rng, zipf, vocab, low, high):
    return " ".join(vocab[zipf.draw()] for _ in range(rng.randint(low, high)))


def quoted(cell):
    if any(c in cell for c in ',"\r\n'):
        return '"' + cell.replace('"', '""') + '"'
    return cell


def isbn13(rng):
    body = "978" + "".join(str(rng.randint(0, 9)) for _ in range(9))
    total = sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(body))
    return body + str((10 - total % 10) % 10)


def goodreads(rows, out, seed):
    rng = random.Random(seed)
    vocab = vocabulary(rng, 20000)
    zipf = Zipf(rng, len(vocab))
    surnames = vocabulary(random.Random(seed + 1), 30000)
    author_zipf = Zipf(rng, len(surnames))
    earlier = []
    with open(out, "w", newline="") as f:
        f.write(HEADER + "\r\n")
        for row in range(rows):
            if earlier and rng.random() < 0.10:
                title, author = rng.choice(earlier)
            else:
                title = words(rng, zipf, vocab, 1, 7).title()
                if rng.random() < 0.33:
                    title += ": " + words(rng, zipf, vocab, 2, 6)
                if rng.random() < 0.15:
                    title += " (%s, #%d)" % (words(rng, zipf, vocab, 1, 3).title(), rng.randint(1, 12))
                author = (vocab[rng.randrange(2000)].title() + " " + surnames[author_zipf.draw()].title())
                if len(earlier) < 50000:
                    earlier.append((title, author))
                else:
                    earlier[rng.randrange(len(earlier))] = (title, author)
            last, _, first = author.rpartition(" ")
            isbn = isbn13(rng) if rng.random() < 0.85 else ""
            review = ""
            if rng.random() < 0.10:
                review = "<b>%s</b>, %s.<br/><br/>\"%s\"\r\n%s" % (words(rng, zipf, vocab, 1, 3), words(rng, zipf, vocab, 10, 60),
                                                                  words(rng, zipf, vocab, 3, 9), words(rng, zipf, vocab, 5, 30))
            shelf = rng.choice(["read", "read", "read", "to-read", "to-read", "currently-reading"])
            year = rng.randint(1850, 2024)
            cells = [str(1000000 + row * 7), title, author, "%s, %s" % (first, last), "",
                     '="%s"' % isbn[3:12] if isbn else '=""', '="%s"' % isbn, str(rng.randint(0, 5)),
                     "%.2f" % rng.uniform(2.5, 4.8), words(rng, zipf, vocab, 1, 3).title() + " Press",
                     rng.choice(["Paperback", "Hardcover", "Kindle Edition", "Mass Market Paperback"]),
                     str(rng.randint(80, 1200)), str(year), str(year - rng.randint(0, 40)),
                     "%d/%02d/%02d" % (rng.randint(2005, 2024), rng.randint(1, 12), rng.randint(1, 28)) if shelf == "read" else "",
                     "%d/%02d/%02d" % (rng.randint(2005, 2024), rng.randint(1, 12), rng.randint(1, 28)),
                     rng.choice(["", "favorites", "fiction, favorites", "history"]), "", shelf, review, "", "",
                     "1" if shelf == "read" else "0", "", "", "0", "", "", "", "", ""]
            f.write(",".join(quoted(c) for c in cells) + "\r\n")


def clippings(megabytes, out, seed):
    rng = random.Random(seed)
    vocab = vocabulary(rng, 20000)
    zipf = Zipf(rng, len(vocab))
    books = ["%s (%s, %s)" % (words(rng, zipf, vocab, 1, 6).title(), vocab[rng.randrange(20000)].title(),
                             vocab[rng.randrange(2000)].title()) for _ in range(3000)]
    book_zipf = Zipf(rng, len(books))
    location = {}
    limit = megabytes * 1_000_000
    written = 0
    with open(out, "wb") as f:
        while written < limit:
            book = books[book_zipf.draw()]
            start = location.get(book, rng.randint(1, 50)) + rng.randint(1, 40)
            location[book] = start
            end = start + rng.randint(0, 6)
            when = "Added on Sunday, March %d, 2024 %d:%02d:%02d PM" % (rng.randint(1, 28), rng.randint(1, 12),
                                                                         rng.randint(0, 59), rng.randint(0, 59))
            kind = rng.random()
            if kind < 0.05:
                entry = "%s\r\n- Your Bookmark on Location %d | %s\r\n\r\n\r\n" % (book, start, when)
            elif kind < 0.15:
                entry = "%s\r\n- Your Note on Location %d | %s\r\n\r\n%s\r\n" % (book, end, when, words(rng, zipf, vocab, 3, 25))
            else:
                entry = "%s\r\n- Your Highlight on page %d | Location %d-%d | %s\r\n\r\n%s\r\n" % (
                    book, start // 15 + 1, start, end, when, words(rng, zipf, vocab, 5, 80).capitalize() + ".")
            data = ("\ufeff" + entry + "==========\r\n").encode("utf-8")
            f.write(data)
            written += len(data)


def main(argv):
    seed = 1
    if "--seed" in argv:
        at = argv.index("--seed")
        seed = int(argv[at + 1])
        del argv[at:at + 2]
    if len(argv) != 4 or argv[1] not in ("goodreads", "clippings"):
        sys.exit(__doc__)
    if argv[1] == "goodreads":
        goodreads(int(argv[2]), argv[3], seed)
    else:
        clippings(int(argv[2]), argv[3], seed)


if __name__ == "__main__":
    main(sys.argv)
