/// The style sheet of the HTML coverage report, inlined so the page stands alone.
enum CoverageHTMLStyle {
  static let css = """
    :root { --granted: #e6f4ea; --granted-edge: #1e8e3e; --never: #fce8e6; --never-edge: #d93025;
      --muted: #5f6368; --line: #dadce0; --amber: #f9ab00; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #202124;
      background: #fff; }
    header { padding: 20px 28px 12px; border-bottom: 1px solid var(--line); background: #f8f9fa; }
    h1 { margin: 0 0 8px; font-size: 20px; }
    h2 { margin: 0; padding: 14px 28px 8px; font-size: 16px; font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
    table.files { border-collapse: collapse; margin: 8px 0; }
    table.files th, table.files td { padding: 3px 14px 3px 0; text-align: left; }
    table.files td.num { font-variant-numeric: tabular-nums; }
    .bar { display: inline-block; width: 90px; height: 8px; border-radius: 4px; background: var(--never);
      vertical-align: middle; margin-right: 6px; overflow: hidden; }
    .bar > span { display: block; height: 100%; background: var(--granted-edge); }
    .legend { color: var(--muted); font-size: 13px; margin: 6px 0 0; }
    .legend .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px;
      vertical-align: -1px; margin: 0 4px 0 12px; }
    .legend .swatch.granted { background: var(--granted); border-left: 3px solid var(--granted-edge); }
    .legend .swatch.never { background: var(--never); border-left: 3px solid var(--never-edge); }
    table.source { border-collapse: collapse; width: 100%; font: 13px/1.5 ui-monospace, "DejaVu Sans Mono",
      monospace; }
    table.source td { padding: 0 8px; vertical-align: top; white-space: pre; }
    td.ln { color: var(--muted); text-align: right; width: 1%; user-select: none; }
    td.hits { width: 1%; text-align: right; color: var(--muted); border-right: 1px solid var(--line); }
    td.code { tab-size: 4; width: 100%; }
    tr.granted td.code, tr.granted td.hits { background: var(--granted); }
    tr.granted td.ln { box-shadow: inset -3px 0 var(--granted-edge); }
    tr.never td.code, tr.never td.hits { background: var(--never); }
    tr.never td.ln { box-shadow: inset -3px 0 var(--never-edge); }
    tr.granted td.hits b { color: var(--granted-edge); }
    tr.never td.hits b { color: var(--never-edge); }
    .c:hover:not(:has(.c:hover)) { background: #fef7e0; outline: 1px solid var(--amber); }
    .b { display: inline-flex; gap: 1px; margin: 0 2px 0 3px; padding: 0 2px; border-radius: 4px;
      font: 600 10px/14px system-ui, sans-serif; vertical-align: 1px; border: 1px solid var(--line);
      background: #fff; cursor: default; }
    .b.full { border-color: var(--granted-edge); }
    .b.part { border-color: var(--amber); }
    .b.none { border-color: var(--never-edge); }
    .b i { font-style: normal; padding: 0 3px; border-radius: 3px; color: #9aa0a6;
      text-decoration: line-through; }
    .b i.on { color: #fff; text-decoration: none; }
    .b i.t.on { background: var(--granted-edge); }
    .b i.f.on { background: #1a73e8; }
    .b i.e.on { background: var(--amber); color: #202124; }
    footer { color: var(--muted); font-size: 12px; padding: 16px 28px; }
    """
}
