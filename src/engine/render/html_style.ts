/**
 * The HTML report's stylesheet, inlined in a `<style>` element (the one
 * thing the report's CSP allows besides data: images). System fonts only;
 * light and dark follow the reader's system; narrow screens stack.
 */
export const REPORT_CSS = `
:root{--bg:#f6f7f9;--surface:#fff;--border:#dde1e7;--text:#1c2330;--muted:#667085;
--pass:#15803d;--pass-bg:#e9f8ee;--fail:#c0262d;--fail-bg:#fdecec;--skip:#a15c00;--skip-bg:#fff5e0;
--code:#f4f6f9;--accent:#2563eb;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#0f1218;--surface:#161a22;--border:#2a303c;
--text:#e4e7ec;--muted:#98a2b3;--pass:#4ade80;--pass-bg:#12301e;--fail:#f87171;--fail-bg:#3a1719;
--skip:#fbbf24;--skip-bg:#33280f;--code:#11151c;--accent:#6ea2ff}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);
font:14px/1.5 system-ui,-apple-system,"Segoe UI","DejaVu Sans",Roboto,sans-serif}
main{max-width:1100px;margin:0 auto;padding:20px 16px 60px}
h1{font-size:22px;margin:0 0 4px}
h2{font-size:16px;margin:28px 0 10px}
h2 .n{color:var(--muted);font-weight:400}
h3{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);margin:14px 0 6px}
a{color:var(--accent);text-decoration:none}
a:hover{text-decoration:underline}
code,pre,.file,.method,.status,.error-type{font-family:ui-monospace,"SFMono-Regular","DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:12.5px}
.meta,.note,.muted,.file{color:var(--muted)}
.file{overflow-wrap:anywhere}
.note{margin:2px 0}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.totals{display:flex;flex-wrap:wrap;align-items:center;gap:10px 22px;margin:16px 0;padding:14px 16px;
background:var(--surface);border:1px solid var(--border);border-radius:10px}
.totals .verdict{font-weight:800;letter-spacing:.08em;padding:2px 10px;border-radius:6px;border:2px solid currentColor}
.totals.pass .verdict{color:var(--pass)}
.totals.fail .verdict{color:var(--fail)}
.tile b{font-size:22px;margin-right:4px}
.tile.fail b{color:var(--fail)}
.tile.pass b{color:var(--pass)}
.tile.skip b{color:var(--skip)}
.bar{flex:1 0 100%;width:100%;height:8px;border-radius:4px;background:var(--border)}
rect.pass{fill:var(--pass)}
rect.fail{fill:var(--fail)}
rect.skip{fill:var(--skip)}
.spark{vertical-align:middle;background:var(--code);border-radius:3px;max-width:100%;height:auto}
table.index{width:100%;border-collapse:collapse;background:var(--surface);border:1px solid var(--border);border-radius:10px;overflow:hidden}
table.index th,table.index td{text-align:left;padding:6px 10px;border-bottom:1px solid var(--border);vertical-align:top}
table.index th{font-size:12px;color:var(--muted);font-weight:600}
table.index .num{text-align:right;white-space:nowrap}
table.index tr.fail .mark{color:var(--fail)}
table.index tr.pass .mark{color:var(--pass)}
table.index tr.skip .mark{color:var(--skip)}
.method{display:inline-block;min-width:46px;text-align:center;font-weight:700;font-size:11px;
padding:0 4px;border-radius:4px;background:var(--code);border:1px solid var(--border)}
.method.flow{color:var(--accent)}
details.case{background:var(--surface);border:1px solid var(--border);border-left:4px solid var(--pass);
border-radius:8px;margin:8px 0}
details.case.fail{border-left-color:var(--fail)}
details.case.skip{border-left-color:var(--skip)}
details.case>summary{cursor:pointer;padding:8px 12px;display:flex;flex-wrap:wrap;gap:4px 10px;align-items:baseline}
details.case>summary .name{font-weight:600}
details.case.fail>summary .mark,details.case.fail .error-type{color:var(--fail)}
details.case.pass>summary .mark{color:var(--pass)}
details.case.skip>summary .mark{color:var(--skip)}
.case-body{padding:0 14px 12px;border-top:1px solid var(--border)}
.hint{margin:10px 0 0}
.differences li,.problems li{color:var(--fail);font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12.5px}
ul{margin:0;padding-left:20px}
.assertions ul{list-style:none;padding:0}
.assertions li.pass .mark{color:var(--pass)}
.assertions li.fail,.assertions li.fail .mark{color:var(--fail)}
.compare{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:12px}
.compare>div,.case-body{min-width:0}
pre{background:var(--code);border:1px solid var(--border);border-radius:6px;padding:8px 10px;margin:0;
overflow:auto;white-space:pre;max-height:480px}
pre.diff{padding:6px 0}
pre.diff span{display:block;padding:0 10px}
pre.diff .del{background:var(--fail-bg);color:var(--fail)}
pre.diff .add{background:var(--pass-bg);color:var(--pass)}
.legend{font-weight:400;text-transform:none;letter-spacing:0}
.legend .del{color:var(--fail)}
.legend .add{color:var(--pass)}
.timings p{margin:0 0 6px}
.steps details.case{margin-left:0}
.empty{color:var(--muted)}
@media (max-width:640px){.compare{grid-template-columns:minmax(0,1fr)}
table.index th:nth-child(5),table.index td:nth-child(5),table.index th:nth-child(6),table.index td:nth-child(6){display:none}}
@media print{details.case{break-inside:avoid}}
`;
