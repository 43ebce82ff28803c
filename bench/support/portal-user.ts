import fs from 'node:fs';
import path from 'node:path';

/** Signs up, verifies (through the .eml outbox) and signs in one user on a running portal; returns its cookie. */
export async function signedInBenchUser(portal: { url: string; dataDir: string }, id: string) {
  const user = {
    username: `Bench ${id}`,
    email: `bench-${id}@example.com`,
    countryCode: '+1',
    phoneNumber: '2025550123',
    licenseId: `BENCH-${id}`,
    password: 'Blue-Cactus9!Lamp',
    confirmPassword: 'Blue-Cactus9!Lamp',
  };
  const post = (url: string, body: unknown) =>
    fetch(`${portal.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if ((await post('/api/auth/sign-up', user)).status !== 201) throw new Error('sign-up failed');
  const mailDir = path.join(portal.dataDir, 'mail');
  const mailFile = fs.readdirSync(mailDir).find((f) => f.includes(user.email));
  const mail = fs.readFileSync(path.join(mailDir, mailFile ?? ''), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const token = mail.match(/verify-email\?token=([\w-]+)/)?.[1];
  if ((await post('/api/auth/verify-email', { token })).status !== 200) throw new Error('verify failed');
  const signIn = async () => {
    const response = await post('/api/auth/sign-in', { licenseId: user.licenseId, password: user.password });
    if (response.status !== 200) throw new Error(`sign-in ${response.status}`);
    return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  };
  return { user, cookie: await signIn(), signIn };
}
