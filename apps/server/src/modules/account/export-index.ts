// index.html of the data download: what the portal keeps, readable in any browser and by a screen reader, with no
// script: headings for each part, lists and tables with headers, each photo named after its person.
import type { EmergencyContact } from '@seva/shared';

export interface ExportIndex {
  exportedAt: Date;
  /** An IANA time zone from the browser that asked; null: UTC. */
  timeZone: string | null;
  account: { username: string; email: string; phone: string; license_id: string; createdAt: string; qrPath: string | null };
  faces: Array<{
    name: string;
    created_at: string;
    consent_at: string;
    consent_by: string | null;
    /** Each photo's path in the archive (null: missing from the store), oldest first. */
    photos: Array<{ image: string | null; added_at: string; added_by: string | null }>;
  }>;
  contacts: readonly EmergencyContact[];
  glasses: Array<{ name: string; paired_at: string; last_seen_at: string | null }>;
  helpers: Array<{ name: string; email: string; status: string }>;
  activity: Array<{ event: string; at: string; device: string | null }>;
}

/** The zone the download writes times in: the browser's when it is a zone this server knows, otherwise none (UTC). */
export function exportTimeZone(requested: string | undefined): string | null {
  if (!requested || requested.length > 64) return null;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: requested }); // throws for a zone it does not know
    return requested; // as the browser names it: ICU would say 'Asia/Calcutta' for 'Asia/Kolkata'
  } catch {
    return null;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A path of the archive as a link: each part percent-encoded, so spaces and any character a name holds work. */
const href = (path: string) => path.split('/').map(encodeURIComponent).join('/');

const STYLE = `body{font:1.125rem/1.5 system-ui,sans-serif;color:#111;background:#fff;margin:0 auto;max-width:60rem;padding:1rem}
a{color:#00309e}table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:.4rem;border-bottom:1px solid #595959}
ul.faces,ul.photos{list-style:none;padding:0}ul.photos{display:flex;flex-wrap:wrap;gap:1rem}ul.photos li{width:12rem}ul.photos img{display:block;max-width:100%;height:auto}
dt{font-weight:bold}dd{margin:0 0 .5rem}`;

export function exportIndexHtml(data: ExportIndex): string {
  const format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: data.timeZone ?? 'UTC' });
  const time = (iso: string | null) => (iso ? `<time datetime="${escapeHtml(iso)}">${escapeHtml(format.format(new Date(iso)))}</time>` : 'never');
  const zone = data.timeZone
    ? `Times are in the ${escapeHtml(data.timeZone)} time zone, the one of the browser that asked for this download.`
    : 'Times are in UTC (Coordinated Universal Time): the browser that asked for this download did not say its time zone.';
  const e = escapeHtml;
  const { account } = data;

  const people = data.faces.length === 0
    ? '<p>You have not saved anyone.</p>'
    : `<ul class="faces">${data.faces
        .map((face) => {
          const photos = face.photos
            .map((photo, i) => {
              const title = `Photo ${i + 1} of ${e(face.name)}`;
              const added = `added ${time(photo.added_at)}${photo.added_by ? ` by ${e(photo.added_by)}` : ''}`;
              return photo.image
                ? `<li><img src="${href(photo.image)}" alt="${title}"><a href="${href(photo.image)}">${e(photo.image)}</a>, ${added}.</li>`
                : `<li>${title}, ${added}: missing from the store.</li>`;
            })
            .join('');
          return `<li><h3>${e(face.name)}</h3><p>Added ${time(face.created_at)}. Consent confirmed ${time(face.consent_at)}${face.consent_by ? ` by ${e(face.consent_by)}` : ''}. ${face.photos.length === 1 ? '1 photo' : `${face.photos.length} photos`}:</p><ul class="photos">${photos}</ul></li>`;
        })
        .join('\n')}</ul>`;
  const contacts = data.contacts.length === 0
    ? '<p>No emergency contacts are saved.</p>'
    : table(['Name', 'Phone number', 'Primary'], data.contacts.map((c) => [e(c.name), e(`${c.country_code} ${c.phone_number}`), c.is_primary ? 'Yes' : 'No']));
  const glasses = data.glasses.length === 0
    ? '<p>No glasses are paired.</p>'
    : table(['Name', 'Paired', 'Last reached the portal'], data.glasses.map((g) => [e(g.name), time(g.paired_at), time(g.last_seen_at)]));
  const helpers = data.helpers.length === 0
    ? '<p>You have not invited any helper.</p>'
    : table(['Name', 'E-mail', 'Status'], data.helpers.map((h) => [e(h.name), e(h.email), e(h.status)]));
  const activity = data.activity.length === 0
    ? '<p>Nothing happened on your account in the last 90 days.</p>'
    : table(['When', 'What', 'From'], data.activity.map((a) => [time(a.at), e(a.event), e(a.device ?? '')]));

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your SEVA data</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Your SEVA data</h1>
<p>Everything the SEVA portal keeps about your account, ${e(account.username)}, as it was on ${time(data.exportedAt.toISOString())}. ${zone}</p>
<h2>Your account</h2>
<dl>
<dt>Username</dt><dd>${e(account.username)}</dd>
<dt>E-mail</dt><dd>${e(account.email)}</dd>
<dt>Phone</dt><dd>${e(account.phone)}</dd>
<dt>License ID</dt><dd>${e(account.license_id)}</dd>
<dt>Registered</dt><dd>${time(account.createdAt)}</dd>
</dl>
${account.qrPath ? `<p><img src="${href(account.qrPath)}" alt="Your identity QR code" width="200" height="200"></p><p>Your identity QR code is in <a href="${href(account.qrPath)}">${e(account.qrPath)}</a>.</p>` : ''}
<h2>People you saved (${data.faces.length})</h2>
${people}
<h2>Emergency contacts</h2>
${contacts}
<h2>Glasses</h2>
${glasses}
<h2>Helpers</h2>
${helpers}
<h2>Recent activity</h2>
${activity}
<h2>The files in this download</h2>
${FILES}
<p>To delete all of this from the portal, use "Delete my account" on your Profile page.</p>
</main>
</body>
</html>
`;
}

function table(headers: string[], rows: string[][]): string {
  const head = headers.map((h) => `<th scope="col">${h}</th>`).join('');
  const body = rows.map((cells) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n');
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

const FILES = `<p>Beside this page are the same data as JSON, plain text that any text editor opens and other services can
read. Times in them are written as YYYY-MM-DDTHH:MM:SS.sssZ, in UTC.</p>
<dl>
<dt><a href="account.json">account.json</a></dt><dd>Your account: user ID, username, e-mail, phone, license ID, when you
registered and last signed in (and from which browser), whether your e-mail is verified, your role and access level.
Your password is not in it: we keep only a one-way hash of it, which is of no use to anyone, and it is left out like
every other secret (sign-in and link tokens).</dd>
<dt><a href="identity-qr.png">identity-qr.png</a></dt><dd>Your identity QR code, as a picture.</dd>
<dt><a href="emergency-contacts.json">emergency-contacts.json</a></dt><dd>Your emergency contacts: name, country code,
phone number, whether each is the primary contact, and when it was saved.</dd>
<dt><a href="faces.json">faces.json</a></dt><dd>The people you saved. For each: its face ID, the name you gave it, when
you confirmed the person's consent (and the helper who confirmed it, when a helper did), when it was added and last
changed, and each of its photos: when and by whom it was added, its quality, its file in the faces folder, and its face
description: the 128 numbers the portal computed from the photo (and the model that computed them), which your glasses
use to recognise the person.</dd>
<dt>faces/</dt><dd>The photos themselves, exactly as stored, named after each person and numbered (.jpg or .png).</dd>
<dt><a href="paired-glasses.json">paired-glasses.json</a></dt><dd>The glasses paired with your account: their name, when
they were paired and when they last reached the portal.</dd>
<dt><a href="helpers.json">helpers.json</a></dt><dd>The helpers you invited: the name and e-mail you gave, whether the
invitation is open, accepted, declined, cancelled or expired, or how the help ended, and when each was invited,
accepted and ended.</dd>
<dt><a href="activity.json">activity.json</a></dt><dd>What happened on your account in the last 90 days, newest first,
with the browser and system, or the glasses, it came from, and the helper who did it when a helper did.</dd>
</dl>`;
