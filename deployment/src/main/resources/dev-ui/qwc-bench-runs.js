import { QwcHotReloadElement, html, css } from 'qwc-hot-reload-element';
import { benchRoot } from 'build-time-data';

/**
 * The bench in Dev UI: a form that starts a run (POST /q/bench/runs), its live line from the run's
 * Server-Sent Events, the recent runs with their HTML reports, and two runs held against each other
 * (the overlaid report, and POST /q/bench/regression). Everything goes through the bench's HTTP API.
 */
export class QwcBenchRuns extends QwcHotReloadElement {

    static styles = css`
        :host { display: flex; flex-direction: column; gap: 1em; padding: 1em; }
        form { display: flex; flex-wrap: wrap; gap: 0.75em; align-items: end; }
        label { display: flex; flex-direction: column; font-size: 0.85em; gap: 0.2em; }
        input, select { width: 8em; padding: 0.3em; }
        button { padding: 0.4em 1em; cursor: pointer; }
        table { border-collapse: collapse; width: 100%; font-size: 0.9em; }
        th, td { text-align: left; padding: 0.3em 0.6em; border-bottom: 1px solid var(--lumo-contrast-10pct, #ddd); }
        td.number { text-align: right; font-variant-numeric: tabular-nums; }
        .live { font-family: monospace; }
        .error { color: var(--lumo-error-text-color, #b00); }
        .regression { font-family: monospace; white-space: pre-wrap; }
    `;

    static properties = {
        _targets: { state: true },
        _runs: { state: true },
        _live: { state: true },
        _error: { state: true },
        _selected: { state: true },
        _regression: { state: true },
    };

    constructor() {
        super();
        this._targets = [];
        this._runs = [];
        this._live = null;
        this._error = null;
        this._selected = [];
        this._regression = null;
    }

    connectedCallback() {
        super.connectedCallback();
        this.hotReload();
    }

    disconnectedCallback() {
        this._events?.close();
        super.disconnectedCallback();
    }

    hotReload() {
        fetch(`${benchRoot}/runs`, { headers: { Accept: 'application/json' } })
            .then(r => r.json())
            .then(list => {
                this._targets = list.targets;
                this._runs = list.runs;
            })
            .catch(e => this._error = `cannot list the runs: ${e}`);
    }

    render() {
        return html`
            <form @submit=${this._start}>
                <label>target
                    <select name="target">${this._targets.map(t => html`<option value=${t.name} title=${t.description}>${t.name}</option>`)}</select>
                </label>
                <label>connections <input name="connections" type="number" min="1" value="10"></label>
                <label>rate (req/s, open model) <input name="rate" type="number" min="1" placeholder="closed model"></label>
                <label>duration <input name="duration" value="10s"></label>
                <label>warm-up <input name="warmup" value="auto"></label>
                <button type="submit" id="start">Start</button>
            </form>
            ${this._error ? html`<div class="error" id="error">${this._error}</div>` : ''}
            ${this._live ? html`<div class="live" id="live">${this._live}</div>` : ''}
            ${this._runsTable()}
            <div>
                <button id="compare" ?disabled=${this._selected.length !== 2} @click=${this._compare}>Compare the two selected</button>
                ${this._selected.length === 2 ? html`<a id="overlay" target="_blank"
                    href="${benchRoot}/report.html?runs=${this._selected.join(',')}">overlaid report</a>` : ''}
            </div>
            ${this._regression ? html`<div class="regression" id="regression">${this._regression}</div>` : ''}
        `;
    }

    _runsTable() {
        if (this._runs.length === 0) {
            return html`<p>No run yet: start one above.</p>`;
        }
        return html`<table id="runs">
            <tr><th></th><th>id</th><th>target</th><th>model</th><th>status</th><th>req/s</th><th>p99 ms</th><th>errors</th><th>verdict</th><th></th></tr>
            ${this._runs.map(r => html`<tr data-id=${r.id}>
                <td><input type="checkbox" .checked=${this._selected.includes(r.id)} @change=${e => this._select(r.id, e.target.checked)}></td>
                <td>${r.id}</td><td>${r.target}</td><td>${r.loadModel}</td><td class="status">${r.status}</td>
                <td class="number">${r.rps ?? ''}</td><td class="number">${r.p99 ?? ''}</td><td class="number">${r.errors ?? ''}</td>
                <td>${r.verdict ?? ''}</td>
                <td><a class="report" target="_blank" href="${benchRoot}/runs/${r.id}/report.html">report</a></td>
            </tr>`)}
        </table>`;
    }

    /** The form as a run spec: empty fields left out, numbers as numbers (form.target is the form's own attribute, hence namedItem). */
    _spec(form) {
        const field = name => form.elements.namedItem(name).value;
        const spec = { target: field('target'), duration: field('duration'), warmup: field('warmup') };
        for (const name of ['connections', 'rate']) {
            if (field(name) !== '') {
                spec[name] = Number(field(name));
            }
        }
        return spec;
    }

    async _start(e) {
        e.preventDefault();
        this._error = null;
        const answer = await fetch(`${benchRoot}/runs`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
            body: JSON.stringify(this._spec(e.target)),
        });
        const body = await answer.json();
        if (answer.status !== 202) {
            this._error = body.field ? `${body.field}: ${body.reason}` : `${answer.status}: ${body.error} ${body.reason ?? ''}`;
            return;
        }
        this._follow(body.id, answer.headers.get('Location'));
        this.hotReload();
    }

    /** One line a second from the run's events, until its summary. */
    _follow(id, location) {
        this._events?.close();
        this._events = new EventSource(`${location}/events`);
        this._events.addEventListener('progress', m => {
            const p = JSON.parse(m.data);
            this._live = `run ${id} ${p.status}${p.phase ? ' (' + p.phase + ')' : ''}: ${(p.elapsedSeconds ?? 0).toFixed(1)} s, `
                + `${p.requests ?? 0} requests, ${(p.currentRps ?? 0).toFixed(0)} req/s, `
                + `last second p50 ${p.lastSecondP50 ?? '-'} ms p99 ${p.lastSecondP99 ?? '-'} ms, ${p.errors} errors`;
        });
        this._events.addEventListener('summary', m => {
            const r = JSON.parse(m.data);
            this._live = `run ${id} ${r.status}: ${r.measured?.rps ?? 0} req/s, p99 ${r.latency?.p99 ?? '-'} ms`;
            this._events.close();
            this.hotReload();
        });
    }

    _select(id, checked) {
        const others = this._selected.filter(s => s !== id);
        this._selected = checked ? [...others, id].slice(-2) : others;
    }

    /** The older selected run is the baseline. */
    async _compare() {
        const [a, b] = this._selected;
        const order = this._runs.map(r => r.id); // newest first
        const [baseline, current] = order.indexOf(a) > order.indexOf(b) ? [a, b] : [b, a];
        const answer = await fetch(`${benchRoot}/regression`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'text/plain' },
            body: JSON.stringify({ baseline, current }),
        });
        this._regression = answer.ok ? await answer.text() : `${answer.status}: ${await answer.text()}`;
    }
}

customElements.define('qwc-bench-runs', QwcBenchRuns);
