import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalOverHttp, signedInUser } from '../../../../test-kit/sign-up-flow.ts';
import { freePort, startPortalProcess, type PortalProcess } from '../testing/portal-process.ts';

const PROMETHEUS = '/usr/bin/prometheus';
const PROMTOOL = '/usr/bin/promtool';
const ALERTS = path.resolve(import.meta.dirname, '../../../../docs/alerts.yml');
const DASHBOARD = path.resolve(import.meta.dirname, '../../../../docs/grafana-dashboard.json');
const enabled = fs.existsSync(PROMETHEUS) && fs.existsSync(PROMTOOL);

interface Instance {
  portal: PortalProcess;
  metricsPort: number;
}

/** Waits for `probe` to give a value, for up to a minute (Prometheus scrapes every second once it has started). */
async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
  }
  throw new Error(`timed out waiting until ${what}`);
}

describe.runIf(enabled)("Debian's Prometheus scraping two instances", () => {
  const instances: Instance[] = [];
  let prometheus: ChildProcess | undefined;
  let prometheusLog = '';
  let prometheusUrl = '';
  let scratch = '';

  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) {
      const metricsPort = await freePort();
      instances.push({ portal: await startPortalProcess({ env: { METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' } }), metricsPort });
    }
    // Its own configuration, storage and port: never the machine's Prometheus service.
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-prometheus-'));
    const config = path.join(scratch, 'prometheus.yml');
    const targets = instances.map((instance) => `'127.0.0.1:${instance.metricsPort}'`).join(', ');
    fs.writeFileSync(
      config,
      `global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nrule_files: ['${ALERTS}']\nscrape_configs:\n  - job_name: seva\n    static_configs:\n      - targets: [${targets}]\n`,
    );
    const port = await freePort();
    prometheusUrl = `http://127.0.0.1:${port}`;
    prometheus = spawn(PROMETHEUS, [`--config.file=${config}`, `--storage.tsdb.path=${path.join(scratch, 'data')}`, `--web.listen-address=127.0.0.1:${port}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prometheus.stdout?.on('data', (chunk: Buffer) => (prometheusLog = (prometheusLog + chunk.toString()).slice(-10_000)));
    prometheus.stderr?.on('data', (chunk: Buffer) => (prometheusLog = (prometheusLog + chunk.toString()).slice(-10_000)));
    await until('Prometheus is ready', async () => ((await fetch(`${prometheusUrl}/-/ready`)).ok ? true : undefined)).catch((error: Error) => {
      throw new Error(`${error.message}\n${prometheusLog}`);
    });
  });

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus!.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    for (const { portal } of instances) {
      await portal.crash();
      fs.rmSync(portal.dataDir, { recursive: true, force: true });
    }
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  /** Prometheus' answer to an instant query: one value per instance. */
  async function query(expression: string): Promise<Record<string, number>> {
    const answer = (await (await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expression)}`)).json()) as {
      data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
    };
    return Object.fromEntries(answer.data.result.map((series) => [series.metric.instance!, Number(series.value[1])]));
  }

  it('finds a sign-in counted on each instance', async () => {
    for (const { portal } of instances) await signedInUser(portalOverHttp(portal));
    const targets = instances.map((instance) => `127.0.0.1:${instance.metricsPort}`).sort();
    const counted = await until('both sign-ins are scraped', async () => {
      const values = await query('seva_sign_ins_total{job="seva", outcome="success"}');
      return targets.every((target) => values[target] === 1) ? values : undefined;
    });
    expect(Object.keys(counted).sort()).toEqual(targets);
    expect(await query('up{job="seva"}')).toEqual(Object.fromEntries(targets.map((target) => [target, 1])));
  });

  it("loads docs/alerts.yml, and none of its alerts fires on two healthy instances", async () => {
    const rules = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as { data: { groups: Array<{ rules: Array<{ name: string; state: string; health: string }> }> } };
    const loaded = rules.data.groups.flatMap((group) => group.rules);
    expect(loaded.map((rule) => rule.name).sort()).toEqual(['SevaBlobDeletionQueueStuck', 'SevaFaceQueueSaturated', 'SevaHighErrorRate', 'SevaInstanceDown', 'SevaMailFailing', 'SevaSlowSignIn']);
    await until('every rule has been evaluated', async () => {
      const again = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as typeof rules;
      const evaluated = again.data.groups.flatMap((group) => group.rules);
      return evaluated.every((rule) => rule.health === 'ok') ? evaluated : undefined;
    });
    const alerts = (await (await fetch(`${prometheusUrl}/api/v1/alerts`)).json()) as { data: { alerts: unknown[] } };
    expect(alerts.data.alerts).toEqual([]);
  });

  it('passes promtool check metrics on what /metrics serves, and promtool check rules on docs/alerts.yml', async () => {
    const text = await (await fetch(`http://127.0.0.1:${instances[0]!.metricsPort}/metrics`)).text();
    const metrics = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(`${metrics.stdout}${metrics.stderr}`).toBe('');
    expect(metrics.status).toBe(0);
    const rules = spawnSync(PROMTOOL, ['check', 'rules', ALERTS], { encoding: 'utf8' });
    expect(rules.stdout).toContain('SUCCESS: 6 rules found');
    expect(rules.status).toBe(0);
  });

  it('answers every query of docs/grafana-dashboard.json, and each names only metrics the instances serve', async () => {
    const served = await (await fetch(`http://127.0.0.1:${instances[1]!.metricsPort}/metrics`)).text();
    const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as { panels: Array<{ title: string; targets: Array<{ expr: string }> }> };
    for (const panel of dashboard.panels) {
      for (const { expr } of panel.targets) {
        const expression = expr.replaceAll('$__rate_interval', '1m').replaceAll('$instance', '.*');
        const answer = (await (await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expression)}`)).json()) as { status: string };
        expect(answer.status, `${panel.title}: ${expr}`).toBe('success');
        for (const name of expression.match(/\b(?:seva|http_server|process|nodejs)_[a-z0-9_]+/g) ?? []) {
          // A labelled counter nobody has moved yet is served as its # TYPE line alone.
          const family = name.replace(/_(bucket|count|sum)$/, '');
          expect(served, `${panel.title}: ${name}`).toMatch(new RegExp(`^(${name}[ {]|# TYPE ${family} )`, 'm'));
        }
      }
    }
  });
});
