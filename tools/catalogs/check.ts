// `npm run check:catalogs`: fails on a message missing from a catalog, one no longer used, and a translation that is
// missing or drops a placeholder (D-058). The code is extracted afresh into .tmp/, beside the committed catalogs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { formatter } from '@lingui/format-po';
import { LOCALES } from '@seva/shared';
import { catalogProblems, type CatalogEntries } from './catalog-rules.ts';

const root = path.resolve(import.meta.dirname, '../..');
const committed = path.join(root, 'locales');
const fresh = path.join(root, '.tmp', 'catalog-check');
const po = formatter({ lineNumbers: false });

async function read(file: string): Promise<CatalogEntries> {
  if (!fs.existsSync(file)) return {};
  return (await po.parse(fs.readFileSync(file, 'utf8'), { locale: null, sourceLocale: 'en-GB', filename: file })) as CatalogEntries;
}

fs.rmSync(fresh, { recursive: true, force: true });
fs.mkdirSync(fresh, { recursive: true });
const config = path.join(fresh, 'lingui.config.ts');
fs.writeFileSync(
  config,
  `import config from ${JSON.stringify(path.join(root, 'lingui.config.ts'))};
export default { ...config, rootDir: ${JSON.stringify(root)}, locales: ['en-GB'],
  catalogs: config.catalogs.map((c) => ({ ...c, path: c.path.replace('<rootDir>/locales', ${JSON.stringify(fresh)}) })) };
`,
);
const extract = spawnSync('npx', ['lingui', 'extract', '--config', config], { cwd: root, encoding: 'utf8' });
if (extract.status !== 0) {
  console.error(extract.stdout, extract.stderr);
  process.exit(1);
}

const names = new Set([...fs.readdirSync(path.join(fresh, 'en-GB')), ...fs.readdirSync(path.join(committed, 'en-GB'))].filter((f) => f.endsWith('.po')));
const problems: string[] = [];
for (const file of [...names].sort()) {
  const name = file.replace(/\.po$/, '');
  const found = await read(path.join(fresh, 'en-GB', file));
  const translations: Record<string, CatalogEntries> = {};
  for (const locale of LOCALES.filter((l) => l !== 'en-GB')) translations[locale] = await read(path.join(committed, locale, file));
  problems.push(...catalogProblems(name, found, await read(path.join(committed, 'en-GB', file)), translations));
}
for (const problem of problems) console.error(problem);
console.log(problems.length === 0 ? `Every catalog holds what the code says, in ${LOCALES.join(' and ')}.` : `${problems.length} catalog problems`);
process.exit(problems.length === 0 ? 0 : 1);
