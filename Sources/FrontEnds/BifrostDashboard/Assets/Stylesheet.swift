/// The dashboard's stylesheet, served from /assets/app.css.
enum Stylesheet {
    static let source = """
    :root { --ink: #17202a; --muted: #5d6d7e; --line: #d5dbe1; --bg: #f6f8fa; --card: #fff; --accent: #12805c; --warn: #b03a2e; --note: #9a6700; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--bg); }
    header { display: flex; align-items: center; gap: 1.5rem; padding: .6rem 1.5rem; background: var(--ink); color: #fff; }
    header a { color: #dfe6ec; text-decoration: none; }
    header a.current { color: #fff; font-weight: 600; border-bottom: 2px solid var(--accent); }
    header .brand { display: flex; align-items: center; gap: .5rem; font-weight: 700; color: #fff; }
    header .brand img { width: 22px; height: 22px; }
    header .chain { margin-left: auto; color: #aab7c4; font-size: .85rem; }
    main { max-width: 1040px; margin: 1.5rem auto; padding: 0 1.5rem; }
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
    .warning-badge { color: var(--warn); font-weight: 600; }
    .changes { list-style: none; padding: 0; } .change { padding: .3rem .6rem; margin: .2rem 0; border-radius: 4px; }
    .change.critical { border: 2px solid var(--warn); background: #fdf2f1; color: var(--warn); } .change.warning { border-left: 4px solid var(--warn); }
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
    .progress { border-left: 4px solid var(--line); background: #f4f6f8; color: var(--muted); padding: .6rem .9rem; border-radius: 4px; margin-bottom: 1rem; cursor: progress; }
    .muted { color: var(--muted); }
    .pill { display: inline-block; padding: .05rem .5rem; border-radius: 999px; background: #e8f5ee; color: var(--accent); font-size: .8rem; }
    .pill.stale { background: #fff1d6; color: var(--note); }
    .pill.mine { background: #e6eefb; color: #1f4e9c; }
    .address-name { font-weight: 600; }
    .grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 1rem; }
    .stat { font-size: 1.3rem; font-weight: 600; }
    .actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
    .tabs { display: flex; gap: 1rem; margin-bottom: 1rem; }
    .phrase { display: grid; grid-template-columns: repeat(4, 1fr); gap: .4rem; font-family: ui-monospace, Menlo, monospace; }
    .phrase span { background: var(--bg); padding: .3rem .5rem; border-radius: 4px; }
    svg.chart { width: 100%; height: 220px; background: #fff; }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; margin: 0; }
    dt { color: var(--muted); }
    dd { margin: 0; }
    /* history */
    .history-day h3 { font-size: .95rem; margin: 1rem 0 .3rem; color: var(--muted); }
    .history-list { list-style: none; margin: 0; padding: 0; }
    .history-item { display: grid; grid-template-columns: 5.5rem 1fr; gap: .2rem .8rem; padding: .45rem 0; border-top: 1px solid var(--line); overflow-wrap: anywhere; }
    .history-time { color: var(--muted); font-variant-numeric: tabular-nums; }
    .history-label { color: var(--muted); font-size: .85rem; }
    .history-chain { grid-column: 2; font-size: .85rem; }
    .history-chain summary { color: var(--muted); cursor: pointer; }
    #execution dd { overflow-wrap: anywhere; }
    """
}
