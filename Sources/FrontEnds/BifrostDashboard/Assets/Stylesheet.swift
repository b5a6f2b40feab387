/// The dashboard's stylesheet, served from /assets/app.css.
enum Stylesheet {
    static let source = """
    /* Colour means one thing each: red (--warn) only for what can lose funds or control, amber (--note) for what can go wrong,
       blue (--notable) for what is worth reading, green (--accent) for success and the main action. */
    :root { --ink: #17202a; --muted: #5d6d7e; --line: #d5dbe1; --bg: #f6f8fa; --card: #fff; --accent: #12805c; --warn: #b03a2e; --note: #9a6700; --notable: #1f4e9c; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--bg); overflow-wrap: break-word; }
    header { display: flex; align-items: center; gap: 1.5rem; padding: .6rem 1.5rem; background: var(--ink); color: #fff; }
    header a { color: #dfe6ec; text-decoration: none; }
    header a.current { color: #fff; font-weight: 600; border-bottom: 2px solid var(--accent); }
    header .brand { display: flex; align-items: center; gap: .5rem; font-weight: 700; color: #fff; }
    header .brand img { width: 22px; height: 22px; }
    header .chain { margin-left: auto; color: #aab7c4; font-size: .85rem; }
    header a.chain { color: #ffd98a; text-decoration: underline; }
    main { max-width: 1140px; margin: 1.5rem auto; padding: 0 1.5rem; }
    h1 { font-size: 1.5rem; margin: 0 0 1rem; }
    h2 { font-size: 1.1rem; margin: 1.5rem 0 .6rem; }
    section, .card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 1rem 1.2rem; margin-bottom: 1rem; }
    table { width: 100%; border-collapse: collapse; }
    th, td { text-align: left; padding: .45rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
    th { color: var(--muted); font-weight: 600; font-size: .85rem; }
    code, .mono { font-family: ui-monospace, "SF Mono", Menlo, monospace; font-size: .88em; word-break: break-all; }
    a { color: var(--accent); }
    form { display: grid; gap: .5rem; max-width: 640px; }
    form.inline { display: inline-flex; gap: .4rem; align-items: center; max-width: none; }
    label { display: grid; gap: .2rem; font-size: .9rem; color: var(--muted); }
    input, select, textarea { font: inherit; padding: .4rem .55rem; border: 1px solid var(--line); border-radius: 6px; background: #fff; color: var(--ink); }
    textarea { min-height: 7rem; font-family: ui-monospace, Menlo, monospace; font-size: .85rem; }
    button, .button { font: inherit; padding: .42rem .9rem; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; display: inline-block; }
    button.secondary, .button.secondary { background: #fff; color: var(--accent); }
    button.danger { background: var(--warn); border-color: var(--warn); }
    button:disabled { opacity: .6; cursor: progress; }
    form.working::after { content: "Working…"; color: var(--muted); }
    .error { border-left: 4px solid var(--warn); background: #fdf2f1; padding: .6rem .9rem; border-radius: 4px; margin-bottom: 1rem; }
    .warning { border: 2px solid var(--warn); background: #fdf2f1; color: var(--warn); padding: .7rem 1rem; border-radius: 6px; font-weight: 600; margin: .6rem 0; }
    .badge { display: inline-block; font-size: .75rem; padding: .05rem .4rem; border-radius: 4px; border: 1px solid currentColor; }
    .badge { color: var(--muted); } .warning-badge { color: var(--warn); font-weight: 600; }
    .changes { list-style: none; padding: 0; } .change { padding: .3rem .6rem; margin: .2rem 0; border-radius: 4px; }
    .change.critical { border: 2px solid var(--warn); background: #fdf2f1; color: var(--warn); }
    .change.warning { border-left: 4px solid var(--note); background: #fff8e6; } .change.warning strong { color: var(--note); }
    .change.notable { border-left: 4px solid var(--notable); background: #eef3fb; } .change.notable strong { color: var(--notable); }
    .change.info { border-left: 4px solid var(--line); } .change.info strong { color: var(--muted); font-weight: 500; }
    .arguments th { text-align: left; padding-right: .8rem; font-weight: 600; }
    .arguments td { padding-right: .8rem; }
    .inner-calls { margin: .3rem 0 .6rem 1.2rem; }
    .kinds { display: flex; flex-wrap: wrap; gap: .4rem; margin-bottom: 1rem; }
    .kinds form { margin: 0; }
    .kinds button[aria-pressed="true"] { outline: 2px solid var(--note); }
    .simulation { padding: .5rem .9rem; border-radius: 4px; margin: .6rem 0; border-left: 4px solid var(--line); }
    .simulation.ok { border-left-color: var(--accent); background: #eef8f3; }
    .simulation.fails { border: 2px solid var(--warn); background: #fdf2f1; color: var(--warn); font-weight: 600; }
    .simulation.unknown { color: var(--muted); }
    .notice { border-left: 4px solid var(--note); background: #fff8e6; padding: .6rem .9rem; border-radius: 4px; margin-bottom: 1rem; }
    .notice.success { border-left-color: var(--accent); background: #eef8f3; } .notice.note { border-left-color: var(--notable); background: #eef3fb; }
    .first-run { border-left: 4px solid var(--notable); background: #eef3fb; padding: .6rem .9rem; border-radius: 4px; margin-bottom: 1rem; }
    .first-run ol { margin: .3rem 0 0; padding-left: 1.3rem; } .first-run li.done { color: var(--muted); text-decoration: line-through; }
    .progress { border-left: 4px solid var(--line); background: #f4f6f8; color: var(--muted); padding: .6rem .9rem; border-radius: 4px; margin-bottom: 1rem; cursor: progress; }
    .muted { color: var(--muted); }
    .pill { display: inline-block; padding: .05rem .5rem; border-radius: 999px; background: #e8f5ee; color: var(--accent); font-size: .8rem; }
    .pill.stale { background: #fff1d6; color: var(--note); }
    .pill.mine { background: #e6eefb; color: #1f4e9c; }
    .address-name { font-weight: 600; }
    .grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 1rem; }
    .stat { font-size: 1.3rem; font-weight: 600; }
    .actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
    /* A table cell keeps its table layout (a flex cell breaks the row's borders); its buttons wrap with room between them. */
    td.actions { display: table-cell; white-space: nowrap; } td.actions > * { margin: 0 .3rem .3rem 0; }
    td .button, td button { padding: .3rem .6rem; font-size: .9rem; }
    /* The owners of a queued transaction one to a line, so a row stays as short as its signers. */
    td.owners { min-width: 12rem; } td.owners ul { list-style: none; margin: 0 0 .3rem; padding: 0; } td.owners li { white-space: nowrap; }
    section > form.inline, .actions + form.inline, form.inline + form.inline { margin: .3rem .5rem .3rem 0; }
    .refusal { max-width: 640px; margin: 3rem auto; } .refusal .status { color: var(--muted); font-size: .85rem; }
    .tabs { display: flex; gap: 1rem; margin-bottom: 1rem; }
    .phrase { display: grid; grid-template-columns: repeat(4, 1fr); gap: .4rem; font-family: ui-monospace, Menlo, monospace; }
    .phrase span { background: var(--bg); padding: .3rem .5rem; border-radius: 4px; }
    svg.chart { width: 100%; height: 220px; background: #fff; }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; margin: 0; }
    dt { color: var(--muted); }
    dd { margin: 0; }
    /* compose */
    .kinds button.kind-tab[aria-pressed="true"], .kinds button.kind-tab.selected { background: var(--accent); color: #fff; outline: none; font-weight: 600; box-shadow: inset 0 -3px 0 rgba(0, 0, 0, .25); }
    [data-no-script][hidden], [data-case-of][hidden], .nonce-warning[hidden] { display: none; }
    .amount-row { display: flex; gap: .5rem; align-items: end; } .amount-row label { flex: 1; }
    .token-amount { font-weight: 600; } .raw-amount { font-size: .78em; margin-left: .3rem; }
    .field-hint { font-size: .8rem; }
    /* queue: Next apart from Queued, the transactions sharing a nonce, your keys */
    #queue h3 { margin: 1rem 0 .4rem; }
    tbody.conflict { border-left: 4px solid var(--note); }
    tr.conflict-note td { background: #fff8e6; }
    .owner.mine strong { color: #1f4e9c; }
    /* history */
    .history-day h3 { font-size: .95rem; margin: 1rem 0 .3rem; color: var(--muted); }
    .history-list { list-style: none; margin: 0; padding: 0; }
    .history-item { display: grid; grid-template-columns: 5.5rem 1fr; gap: .2rem .8rem; padding: .45rem 0; border-top: 1px solid var(--line); overflow-wrap: anywhere; }
    .history-time { color: var(--muted); font-variant-numeric: tabular-nums; }
    .history-label { color: var(--muted); font-size: .85rem; }
    .history-chain { grid-column: 2; font-size: .85rem; }
    .history-chain summary { color: var(--muted); cursor: pointer; }
    #execution dd { overflow-wrap: anywhere; }
    /* From 390 px up: nothing wider than the screen; wide tables scroll inside their card. */
    @media (max-width: 700px) {
      header { flex-wrap: wrap; gap: .3rem 1rem; padding: .5rem .8rem; } header .chain { margin-left: 0; width: 100%; }
      main { margin: 1rem auto; padding: 0 .6rem; }
      section, .card { padding: .8rem; overflow-x: auto; }
      table { display: block; overflow-x: auto; }
      dl { grid-template-columns: 1fr; } dt { margin-top: .4rem; }
      .phrase { grid-template-columns: repeat(2, 1fr); }
      .grid { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: .6rem; }
      form { max-width: 100%; } input, select, textarea { max-width: 100%; min-width: 0; }
      td.actions { white-space: normal; }
    }
    """
}
