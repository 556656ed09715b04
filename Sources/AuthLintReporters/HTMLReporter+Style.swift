import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintRules

extension HTMLReporter {
    /// The page's style: system fonts only, severity colours that also read in grey (each badge
    /// says its severity in words), and a print layout without the filter buttons.
    static let style = """

        :root {
          --ink: #1b1f24; --muted: #5b6370; --line: #d9dde3; --paper: #ffffff; --wash: #f5f6f8;
          --error: #b42318; --error-wash: #fdeceb; --warning: #9a5b00; --warning-wash: #fff4e0;
          --note: #1d5fbf; --note-wash: #e9f1fd; --clear: #1d7a45; --clear-wash: #e7f5ec;
          --code: ui-monospace, "SF Mono", SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0; background: var(--wash); color: var(--ink);
          font: 15px/1.55 -apple-system, BlinkMacSystemFont, "Segoe UI", system-ui, Roboto, "Helvetica Neue", Arial, sans-serif; }
        main, .masthead > *, footer { max-width: 1040px; margin-left: auto; margin-right: auto; }
        main { padding: 0 24px 48px; }
        code, pre { font-family: var(--code); font-size: 0.88em; }
        p code, li code, td code { background: var(--wash); border: 1px solid var(--line); border-radius: 4px; padding: 0 4px; overflow-wrap: anywhere; }
        a { color: var(--note); }
        h2 { font-size: 1.3rem; margin: 0 0 12px; }
        h3 { font-size: 1.15rem; margin: 0; }
        h4 { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); margin: 0 0 4px; }

        .masthead { background: #14181f; color: #f4f6f8; padding: 28px 24px 22px; }
        .masthead > * { padding: 0; }
        .eyebrow { margin: 0 auto 6px; color: #aab2bf; font-size: 0.85rem; letter-spacing: 0.02em; }
        h1 { margin: 0 auto 14px; font-size: 1.9rem; font-weight: 650; line-height: 1.2; }
        h1 .project { font-family: var(--code); font-weight: 600; }
        .totals { list-style: none; display: flex; flex-wrap: wrap; gap: 8px; margin: 0 auto; }
        .totals li { border: 1px solid #3a414d; border-radius: 999px; padding: 2px 12px; font-size: 0.9rem; }
        .totals .error strong { color: #ff8a80; } .totals .warning strong { color: #ffc766; } .totals .note strong { color: #8ab8ff; }

        section, article { background: var(--paper); border: 1px solid var(--line); border-radius: 10px; padding: 20px 24px; margin-top: 20px; }
        .verdict { border-left: 8px solid var(--muted); }
        .verdict h2 { font-size: 1.7rem; margin: 0 0 6px; }
        .verdict-label { margin: 0; font-size: 0.85rem; font-weight: 600; color: var(--muted); text-transform: uppercase; letter-spacing: 0.06em; }
        .verdict.at-risk { border-left-color: var(--error); } .verdict.at-risk h2 { color: var(--error); }
        .verdict.review { border-left-color: var(--warning); } .verdict.review h2 { color: var(--warning); }
        .verdict.declared { border-left-color: var(--note); } .verdict.declared h2 { color: var(--note); }
        .verdict.clear { border-left-color: var(--clear); } .verdict.clear h2 { color: var(--clear); }
        .verdict-findings { padding-left: 20px; }
        .basis { color: var(--muted); font-size: 0.88rem; margin-bottom: 0; }
        .caveat { background: var(--error-wash); border-radius: 6px; padding: 8px 12px; }
        .declaration { background: var(--note-wash); border-radius: 6px; padding: 8px 12px; }

        .lede { margin-top: 0; color: var(--muted); }
        table { border-collapse: collapse; width: 100%; }
        table.targets code { overflow-wrap: anywhere; }
        table.targets .status { white-space: normal; }
        table.targets th, table.targets td { overflow-wrap: anywhere; }
        th, td { text-align: left; vertical-align: top; padding: 8px 10px; border-top: 1px solid var(--line); }
        thead th { border-top: 0; font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.05em; color: var(--muted); }
        tbody th { font-weight: 600; }
        td code { font-size: 0.8rem; }
        .status { display: inline-block; border-radius: 999px; padding: 0 10px; font-size: 0.85rem; font-weight: 600; white-space: nowrap; }
        .status.error { background: var(--error-wash); color: var(--error); }
        .status.warning { background: var(--warning-wash); color: var(--warning); }
        .status.note { background: var(--note-wash); color: var(--note); }
        .status.clear { background: var(--clear-wash); color: var(--clear); }
        .status.unchecked { background: var(--wash); color: var(--muted); }

        .findings { background: transparent; border: 0; padding: 0; }
        .findings > h2 { margin-top: 28px; }
        .filter { margin-bottom: 4px; color: var(--muted); font-size: 0.9rem; }
        .filter button { font: inherit; color: var(--ink); background: var(--paper); border: 1px solid var(--line);
          border-radius: 999px; padding: 2px 12px; margin-left: 4px; cursor: pointer; }
        .filter button[aria-pressed="true"] { background: var(--ink); color: var(--paper); border-color: var(--ink); }
        .rule { border-top: 5px solid var(--muted); }
        .rule.error { border-top-color: var(--error); } .rule.warning { border-top-color: var(--warning); } .rule.note { border-top-color: var(--note); }
        .rule-head { display: grid; grid-template-columns: auto 1fr; column-gap: 12px; align-items: baseline; }
        .rule-head > :not(.badge):not(h3) { grid-column: 2; }
        .rule-meta { margin: 2px 0 0; color: var(--muted); font-size: 0.9rem; overflow-wrap: anywhere; }
        .summary { margin: 6px 0 0; }
        .badge { display: inline-block; border-radius: 4px; padding: 1px 8px; font-size: 0.75rem; font-weight: 700;
          text-transform: uppercase; letter-spacing: 0.05em; color: #fff; background: var(--muted); }
        .badge.error { background: var(--error); } .badge.warning { background: var(--warning); } .badge.note { background: var(--note); }
        .badge.small { font-size: 0.68rem; padding: 0 6px; vertical-align: 1px; }

        .occurrences { list-style: none; padding: 0; margin: 16px 0; }
        .finding { border: 1px solid var(--line); border-left: 4px solid var(--muted); border-radius: 6px; padding: 10px 14px; margin-top: 10px; }
        .finding.error { border-left-color: var(--error); } .finding.warning { border-left-color: var(--warning); } .finding.note { border-left-color: var(--note); }
        .finding:target { box-shadow: 0 0 0 3px var(--note-wash); }
        .where { margin: 0; font-family: var(--code); font-size: 0.85rem; overflow-wrap: anywhere; }
        .where a { color: var(--ink); text-decoration: none; font-weight: 600; }
        .message { margin: 4px 0 8px; }
        pre { margin: 8px 0; padding: 10px 12px; border-radius: 6px; overflow-x: auto; tab-size: 4; line-height: 1.45; }
        .excerpt { background: #f6f8fa; border: 1px solid var(--line); }
        .excerpt .line-number { display: inline-block; min-width: 3ch; margin-right: 12px; padding-right: 8px; text-align: right;
          color: var(--muted); border-right: 1px solid var(--line); user-select: none; }
        mark { background: #ffe08a; color: inherit; border-radius: 2px; box-shadow: 0 2px 0 var(--warning); }
        .finding.error mark { background: #ffd2cc; box-shadow: 0 2px 0 var(--error); }
        .finding.note mark { background: #d6e6ff; box-shadow: 0 2px 0 var(--note); }
        .related { margin: 6px 0 0; padding-left: 18px; color: var(--muted); font-size: 0.9rem; }
        .related-location { font-family: var(--code); font-size: 0.85em; color: var(--ink); overflow-wrap: anywhere; }

        .guidance { display: grid; grid-template-columns: 1fr 1fr; gap: 6px 24px; border-top: 1px solid var(--line); padding-top: 14px; }
        .guidance section { background: none; border: 0; padding: 0; margin: 0; }
        .guidance > *, .rule-head > * { min-width: 0; }
        .guidance p { margin: 0 0 8px; }
        .snippet { grid-column: 1 / -1; background: #14181f; color: #e8ecf1; margin-top: 0; }
        .guideline { grid-column: 1 / -1; margin: 6px 0 0; padding: 8px 14px; border-left: 3px solid var(--line); color: var(--muted); font-size: 0.9rem; }
        .guideline p { margin: 0 0 4px; font-style: italic; }
        .guideline footer { font-weight: 600; overflow-wrap: anywhere; }
        .guideline .url { font-weight: 400; overflow-wrap: anywhere; }

        .diagnostics ul { margin: 0; padding-left: 20px; }
        .empty { background: var(--paper); border: 1px solid var(--line); border-radius: 10px; padding: 20px 24px; }
        body > footer { padding: 0 24px 32px; color: var(--muted); font-size: 0.85rem; }
        body[data-show="error"] .finding:not(.error), body[data-show="warning"] .finding:not(.warning),
        body[data-show="note"] .finding:not(.note) { display: none; }
        body[data-show="error"] .rule:not([data-severities~="error"]), body[data-show="warning"] .rule:not([data-severities~="warning"]),
        body[data-show="note"] .rule:not([data-severities~="note"]) { display: none; }

        @media (max-width: 720px) {
          .guidance { grid-template-columns: 1fr; }
          h1 { font-size: 1.5rem; }
        }
        @media print {
          @page { margin: 16mm 14mm; }
          body { background: #fff; font-size: 10.5pt; }
          .masthead { background: none; color: var(--ink); padding: 0 0 8px; border-bottom: 2px solid var(--ink); }
          .eyebrow { color: var(--muted); }
          .totals li { border-color: var(--line); }
          .totals .error strong { color: var(--error); } .totals .warning strong { color: var(--warning); } .totals .note strong { color: var(--note); }
          main { padding: 0; max-width: none; }
          section, article { border-radius: 0; padding: 10px 0; border-left: 0; border-right: 0; border-bottom: 0; }
          .verdict { border-left: 6px solid; padding-left: 12px; }
          .filter, script { display: none !important; }
          .finding, .rule-head, .guidance section, blockquote, tr { break-inside: avoid; }
          .finding { display: block !important; }
          .rule { display: block !important; break-before: auto; }
          /* Code wraps on paper, between tokens (the page marks where), never clipped. */
          pre { white-space: pre-wrap; word-break: normal; overflow-wrap: anywhere; overflow: visible; }
          .snippet { background: #f6f8fa; color: var(--ink); border: 1px solid var(--line); }
          a { color: inherit; text-decoration: none; }
          * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        }

        """

    /// The severity filter: buttons set `data-show` on the body, which the style reads.
    static let script = """

        document.querySelectorAll(".filter button").forEach(function (button) {
          button.addEventListener("click", function () {
            document.body.dataset.show = button.dataset.show;
            document.querySelectorAll(".filter button").forEach(function (other) {
              other.setAttribute("aria-pressed", String(other === button));
            });
          });
        });

        """
}
