import Mustache

/// The pages' Mustache templates. `{{x}}` is HTML-escaped; `{{{x}}}` is only used for HTML that
/// shelf made safe itself (the rendered notes, a page inside the layout).
enum Templates {
    static func library() throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, text) in all { try library.register(text, named: name) }
        return library
    }

    static let all: [(String, String)] = [
        ("layout", layout), ("grid", grid), ("book", book), ("conflict", conflict), ("message", message), ("problems", problems),
        ("add", add), ("dashboard", dashboard),
        ("loans", loans), ("readingForms", readingForms), ("highlights", highlights), ("stats", stats), ("choices", choices),
        ("readForms", readForms), ("figures", figures), ("review", review),
        ("oneFieldConflict", oneFieldConflict), ("shownRating", shownRating), ("shownLoans", shownLoans),
    ]

    static let layout = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}} · shelf</title>
        <link rel="stylesheet" href="/static/shelf.css">
        <link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials">
        <meta name="theme-color" content="\(themeColor)">
        <link rel="icon" href="/static/icon-192.png" type="image/png"><link rel="apple-touch-icon" href="/static/icon-192.png">
        <script src="/static/queue.js" defer></script><script src="/static/app.js" defer></script>
        </head>
        <body>
        <a class="skip" href="#main">Skip to the content</a>
        <header class="top"><a class="home" href="/">shelf</a>
        <form class="search" action="/" method="get" role="search"><input type="search" name="q" id="q" value="{{query}}" placeholder="Search or query: tag:sci-fi rating:>=4" aria-label="Search" list="query-suggestions" autocomplete="off">
        <datalist id="query-suggestions">{{#suggestions}}<option value="{{.}}"></option>{{/suggestions}}</datalist></form>
        <a href="/dashboard">Dashboard</a> <a href="/stats">Stats</a> <a href="/highlights">Highlights</a> <a href="/loans">Loans</a>
        {{#readOnly}}<span class="badge">read-only</span>{{/readOnly}}{{^readOnly}}<a href="/add">Add</a>{{/readOnly}}
        </header>
        <main id="main">
        {{{content}}}
        </main>
        <script src="/static/suggest.js"></script>
        </body>
        </html>
        """

    static let grid = """
        <h1 class="visually-hidden">{{heading}}</h1>
        <nav class="facets" aria-label="Status">
        {{#statuses}}<a class="facet{{#active}} active{{/active}}" href="{{link}}">{{name}} <span>{{count}}</span></a>{{/statuses}}
        </nav>
        {{^empty(tags)}}<nav class="facets tags" aria-label="Tags">{{#tags}}<a class="facet{{#active}} active{{/active}}" href="{{link}}">#{{name}} <span>{{count}}</span></a>{{/tags}}</nav>{{/empty(tags)}}
        {{^empty(authorFacets)}}<details class="more-facets"><summary>Authors</summary><nav class="facets authors" aria-label="Authors">{{#authorFacets}}<a class="facet{{#active}} active{{/active}}" href="{{link}}">{{name}} <span>{{count}}</span></a>{{/authorFacets}}</nav></details>{{/empty(authorFacets)}}
        {{^empty(seriesFacets)}}<details class="more-facets"><summary>Series</summary><nav class="facets series" aria-label="Series">{{#seriesFacets}}<a class="facet{{#active}} active{{/active}}" href="{{link}}">{{name}} <span>{{count}}</span></a>{{/seriesFacets}}</nav></details>{{/empty(seriesFacets)}}
        {{#error}}<p class="error">{{error}}</p>{{/error}}
        {{#removed}}<p class="notice" role="status">Removed {{removed}}.</p>{{/removed}}
        {{#problems}}<p class="banner" role="status">{{problems}}: <a href="/problems">see which, and what to do</a></p>{{/problems}}
        <p class="count">{{summary}}</p>
        <nav class="sort" aria-label="Sort by">Sort: {{#sorts}}<a href="{{link}}"{{#current}} aria-current="true"{{/current}}>{{name}}</a> {{/sorts}}</nav>
        <ul class="grid">
        {{#books}}
        <li><a href="{{link}}">
        {{#cover}}<img src="{{cover}}" alt="" loading="lazy">{{/cover}}{{^cover}}<div class="nocover tint{{tint}}" aria-hidden="true"><span class="cover-title">{{title}}</span><span class="cover-author">{{authors}}</span></div>{{/cover}}
        <strong>{{title}}</strong><span class="by">{{authors}}</span>{{#stars}}<span class="stars">{{stars}}</span>{{/stars}}
        </a>{{#matches}}<p class="matched">matched in {{field}}: “{{{snippet}}}”</p>{{/matches}}</li>
        {{/books}}
        </ul>
        {{#previous}}<nav class="pager"><a rel="prev" href="{{previous}}">← Previous</a>{{/previous}}{{^previous}}{{#next}}<nav class="pager"><span></span>{{/next}}{{/previous}}
        {{#next}}<a rel="next" href="{{next}}">Next →</a>{{/next}}{{#previous}}</nav>{{/previous}}{{^previous}}{{#next}}</nav>{{/next}}{{/previous}}
        """

    static let book = """
        <article class="book">
        {{#cover}}<img class="cover" src="{{cover}}" alt="Cover of {{title}}">{{/cover}}
        {{^cover}}<div class="cover nocover tint{{tint}}" aria-hidden="true"><span class="cover-title">{{title}}</span><span class="cover-author">{{authors}}</span></div>{{/cover}}
        <h1>{{title}}</h1>
        {{#subtitle}}<p class="subtitle">{{subtitle}}</p>{{/subtitle}}
        {{#authors}}<p class="by">by {{authors}}</p>{{/authors}}
        {{#progress}}<p class="progress"><progress max="100" value="{{percent}}">{{percent}}%</progress> <span class="progress-text">{{text}}</span></p>{{/progress}}
        <dl class="fields">{{#fields}}<dt>{{key}}</dt><dd>{{value}}</dd>{{/fields}}</dl>
        {{^empty(reads)}}<section class="reads" tabindex="0" aria-label="Reads"><h2>Reads</h2><table>
        <tr><th>started</th><th>ended</th><th></th><th>format</th><th>rating</th></tr>
        {{#reads}}<tr><td>{{started}}</td><td>{{ended}}</td><td>{{outcome}}</td><td>{{format}}</td><td class="stars">{{stars}}</td></tr>{{/reads}}
        </table></section>{{/empty(reads)}}
        {{^empty(loans)}}<section class="reads loans" tabindex="0" aria-label="Loans"><h2>Loans</h2><table>
        <tr><th>to</th><th>lent</th><th>due</th><th>back</th></tr>
        {{#loans}}<tr><td>{{to}}</td><td>{{lent}}</td><td>{{due}}{{#overdue}} <strong class="overdue">overdue</strong>{{/overdue}}</td><td>{{returned}}</td></tr>{{/loans}}
        </table></section>{{/empty(loans)}}
        {{#notice}}<p class="notice">{{notice}}</p>{{/notice}}
        {{^readOnly}}
        <section class="quick">
        <form method="post" action="/book/rate?p={{path}}"><input type="hidden" name="token" value="{{token}}">{{> shownRating}}
        {{#ratings}}<button name="rating" value="{{value}}" class="star{{#on}} on{{/on}}" aria-label="Rate {{value}} of 5" aria-pressed="{{#current}}true{{/current}}{{^current}}false{{/current}}">★</button>{{/ratings}}
        <button name="rating" value="none" class="clear" aria-label="No rating">×</button></form>
        <form method="post" action="/book/rate?p={{path}}" class="half-stars"><input type="hidden" name="token" value="{{token}}">{{> shownRating}}
        <label>Rating <select name="rating">{{#halves}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/halves}}</select></label> <button>Rate</button></form>
        <form method="post" action="/book/status?p={{path}}" class="status-form"><input type="hidden" name="token" value="{{token}}"><input type="hidden" name="version" value="{{version}}"><input type="hidden" name="original-status" value="{{shown.status}}">
        <label>On <input name="date" placeholder="today" inputmode="numeric" autocomplete="off" aria-describedby="date-hint"></label> <span id="date-hint" class="muted">YYYY-MM-DD, empty for today</span>
        <button name="status" value="reading">Start</button> <button name="status" value="read">Finish</button> <button name="status" value="abandoned">Abandon</button></form>
        </section>
        {{> readingForms}}
        <details class="edit"><summary>Edit</summary>
        <form method="post" action="/book/edit?p={{path}}" class="fields-form">
        <input type="hidden" name="token" value="{{token}}"><input type="hidden" name="version" value="{{version}}">
        {{#editable}}<label>{{label}} <input name="{{key}}" value="{{value}}"{{#list}} list="{{list}}" autocomplete="off"{{/list}}{{#items}} data-items{{/items}}></label><input type="hidden" name="original-{{key}}" value="{{value}}">{{#items}}<input type="hidden" name="items-{{key}}" value="1">{{/items}}
        {{/editable}}<fieldset class="new-field"><legend>Add a field</legend><label>Name <input name="new-key" autocomplete="off"></label> <label>Value <input name="new-value"></label></fieldset>
        <button>Save</button></form>{{> choices}}</details>
        <form method="post" action="/book/note?p={{path}}" class="note-form"><input type="hidden" name="token" value="{{token}}">
        <label>Add a note <textarea name="note" rows="3"></textarea></label><button>Add note</button></form>
        {{/readOnly}}
        {{#notes}}<section class="notes">{{{notes}}}</section>{{/notes}}
        <p class="path">{{path}}</p>
        </article>
        """

    static let conflict = """
        <article class="conflict">
        <h1>{{title}} changed since you opened it</h1>
        <p>The file was changed (in an editor, by sync, or by the command line) after this page was loaded, and so were these fields in your form. Nothing was saved yet. Choose, for each, the value to keep; your other changes, and the file's, are kept either way:</p>
        <form method="post" action="/book/edit?p={{path}}"><input type="hidden" name="token" value="{{token}}"><input type="hidden" name="version" value="{{version}}">
        <table><tr><th>field</th><th>you typed</th><th>the file now</th></tr>
        {{#rows}}<tr><td>{{key}}</td><td class="mine"><label><input type="radio" name="{{key}}" value="{{mine}}" required> {{mine}}{{^mine}}(none){{/mine}}</label></td><td class="theirs"><label><input type="radio" name="{{key}}" value="{{theirs}}" required> {{theirs}}{{^theirs}}(none){{/theirs}}</label></td></tr>
        {{/rows}}</table>
        {{#fields}}<input type="hidden" name="{{key}}" value="{{value}}">{{/fields}}{{#originals}}<input type="hidden" name="{{key}}" value="{{value}}">{{/originals}}
        <button>Save</button> <a href="{{back}}">Go back without saving</a></form>
        </article>
        """

    static let problems = """
        <article class="problems">
        <h1>Files shelf could not read</h1>
        {{^findings}}<p>Every file reads: nothing to mend.</p>{{/findings}}
        {{#any}}<p>What <code>shelf check</code> finds, file by file: the place in the file, what is wrong and what to do. Open the file in any editor to mend it; this page shows the files as they are now.</p>{{/any}}
        <ul class="findings">
        {{#findings}}<li class="{{severity}}"><code>{{place}}</code> <span class="severity">{{severity}}</span> {{message}}{{#fix}} <span class="fix">{{fix}}</span>{{/fix}}</li>
        {{/findings}}
        </ul>
        <p><a href="/">Back to the library</a></p>
        </article>
        """

    static let message = """
        <article class="message"><h1>{{heading}}</h1><p>{{text}}</p><p><a href="/">Back to the library</a></p></article>
        """

    static let css = """
        :root { --ink: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7; --accent: #8a4b08; --bg: #fbfaf7; }
        @media (prefers-color-scheme: dark) { :root { --ink: #f2f2f2; --muted: #a1a1a6; --line: #3a3a3c; --accent: #f0a04b; --bg: #161616; } }
        * { box-sizing: border-box; } body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--ink); background: var(--bg); }
        a { color: var(--accent); } main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
        .top { display: flex; gap: 1rem; align-items: center; padding: .6rem 1rem; border-bottom: 1px solid var(--line); }
        .home { font-weight: 700; text-decoration: none; } .search { flex: 1; } .search input { width: 100%; padding: .5rem; font-size: 1rem; }
        .banner { border: 1px solid var(--accent); border-radius: .4rem; padding: .4rem .8rem; }
        .findings li { margin: .4rem 0; overflow-wrap: anywhere; } .findings .severity { font-weight: 600; }
        .badge { font-size: .8rem; border: 1px solid var(--line); padding: .1rem .4rem; border-radius: .3rem; }
        .facets { display: flex; flex-wrap: wrap; gap: .4rem; margin: .4rem 0; } .facet { text-decoration: none; border: 1px solid var(--line); border-radius: 1rem; padding: .1rem .6rem; font-size: .9rem; }
        .facet.active { background: var(--accent); color: var(--bg); } .facet span { color: var(--muted); } .facet.active span { color: inherit; }
        .skip { position: absolute; left: -100rem; top: .5rem; background: var(--bg); padding: .5rem 1rem; z-index: 1; } .skip:focus { left: 1rem; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
        .grid { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: 1rem; }
        .grid a { display: flex; flex-direction: column; text-decoration: none; color: var(--ink); }
        .grid img, .nocover { width: 100%; aspect-ratio: 2 / 3; object-fit: cover; border-radius: .3rem; background: var(--line); }
        .nocover { display: flex; flex-direction: column; justify-content: space-between; text-align: center; padding: 1rem .6rem; color: #fff; overflow: hidden; }
        .cover-title { font: 600 1rem/1.25 Georgia, serif; overflow-wrap: anywhere; } .cover-author { font-size: .8rem; }
        .tint0 { background: #7a3b2e; } .tint1 { background: #2e5a7a; } .tint2 { background: #3d6b3a; } .tint3 { background: #6b4a7a; }
        .tint4 { background: #735812; } .tint5 { background: #2f6f6a; } .tint6 { background: #7a2e4f; } .tint7 { background: #4a4a6b; }
        .tint8 { background: #5c6b2e; } .tint9 { background: #8a4b08; } .tint10 { background: #37474f; } .tint11 { background: #6d4c41; }
        .by, .count, .path { color: var(--muted); font-size: .9rem; } .stars { color: var(--accent); }
        .book .cover { float: right; max-width: min(12rem, 40%); margin: 0 0 1rem 1rem; border-radius: .3rem; } .book .nocover { width: 9rem; max-width: 40%; }
        .fields { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; } .fields dt { color: var(--muted); }
        .quick form { display: inline-block; margin: .5rem 1rem .5rem 0; } .star { font-size: 1.4rem; background: none; border: none; color: var(--muted); cursor: pointer; } .star.on { color: var(--accent); }
        .fields-form label, .note-form label, .manual-form label { display: block; margin: .4rem 0; } .fields-form input, .manual-form input, textarea { width: 100%; padding: .4rem; font: inherit; }
        .notes blockquote { margin: 1rem 0; padding-left: 1rem; border-left: 3px solid var(--line); color: var(--muted); }
        .error, .notice { padding: .5rem; border-left: 3px solid var(--accent); } .overdue { color: #b00020; }
        .top a { white-space: nowrap; } .top { flex-wrap: wrap; }
        .reads table, .conflict table { border-collapse: collapse; } .reads td, .reads th { border-bottom: 1px solid var(--line); padding: .2rem .6rem .2rem 0; text-align: left; white-space: nowrap; } .reads { overflow-x: auto; }
        progress { width: 12rem; max-width: 100%; vertical-align: middle; accent-color: var(--accent); } .progress-text { color: var(--muted); font-size: .9rem; }
        .reading li, .recent li { margin: .4rem 0; } .muted { color: var(--muted); }
        .chart { width: 100%; max-width: 32rem; height: auto; } .chart .bar { fill: var(--accent); } .chart text { fill: var(--muted); font-size: 10px; font-family: system-ui, sans-serif; }
        .chart .axis { stroke: var(--line); } figure { margin: 1rem 0; } figcaption { color: var(--muted); font-size: .8rem; }
        .more-facets { display: inline-block; margin-right: 1rem; vertical-align: top; } .more-facets summary { cursor: pointer; color: var(--muted); }
        .hits li { margin: .5rem 0; } .add-hit { display: inline; } .title-search, .add form { margin: 1rem 0; }
        @media (max-width: 40rem) { .facets.tags { flex-wrap: nowrap; overflow-x: auto; padding-bottom: .3rem; } .facet { white-space: nowrap; } .book .fields { clear: both; } }
        @media (max-width: 40rem) { .top .search { order: 1; flex: 1 1 100%; } }
        .sort { color: var(--muted); font-size: .9rem; } .sort a { display: inline-block; padding: .6rem .3rem; } .sort a[aria-current] { color: var(--ink); font-weight: 600; text-decoration: none; }
        .book-highlights blockquote { margin: 1rem 0; padding-left: 1rem; border-left: 3px solid var(--accent); } .book-highlights .note { font-style: italic; }
        .highlight-search .random { display: inline-block; padding: .6rem 0 .6rem 1rem; }
        .pager { display: flex; gap: 1rem; justify-content: space-between; margin: 1rem 0; }
        .quick button, .reading-forms button, .fields-form button, .note-form button, .goal-form button, .half-stars select { min-height: 44px; min-width: 44px; }
        .reading-forms form, .half-stars { margin: .5rem 0; } .reading-forms input, .goal-form input, .status-form input { padding: .5rem; font: inherit; max-width: 12rem; }
        .step { margin-left: .3rem; } .remove { margin: 1rem 0; } .danger { color: #b00020; } .table-scroll { overflow-x: auto; }
        .offline-banner { border: 2px solid var(--accent); border-radius: .4rem; padding: .5rem .8rem; font-weight: 600; }
        .queue { border-left: 3px solid var(--accent); padding: .2rem .8rem; margin: .5rem 0; } .queue ul { margin: .2rem 0; padding-left: 1.2rem; }
        .queue button, .choose button { min-height: 44px; margin-left: .5rem; } .choose .keep { display: inline-block; padding: .6rem; }
        .matched { font-size: .85rem; margin: .3rem 0 0; overflow-wrap: anywhere; } mark { background: #ffe08a; color: #1d1d1f; }
        .read-dates fieldset, .fields-form fieldset { border: 1px solid var(--line); border-radius: .3rem; margin: .5rem 0; } .read-dates label { margin-right: .5rem; }
        .read-dates button, .redate summary, .log-read summary { min-height: 44px; } .redate summary, .log-read summary { padding: .6rem 0; cursor: pointer; }
        .conflict table { border-collapse: collapse; } .conflict td, .conflict th { border: 1px solid var(--line); padding: .3rem .6rem; text-align: left; }
        """
}
