/** README.txt of the data download: what each file holds, in plain words. */
export function exportReadme(details: { exportedAt: string; faces: number; imagesMissing: number; withGlasses: boolean }): string {
  const lines = [
    'Your SEVA data',
    '==============',
    '',
    `This archive holds everything the SEVA portal keeps about your account, as it was on ${details.exportedAt} (UTC).`,
    'The .json files are plain text in JSON format: any text editor opens them, and other services can read them.',
    'Times are written as YYYY-MM-DDTHH:MM:SS.sssZ, in UTC.',
    '',
    'account.json',
    '  Your account: user ID, username, e-mail, phone, license ID, when you registered and last signed in (and from',
    '  which browser), whether your e-mail is verified, your role and access level, and your identity QR code (a PNG',
    '  image written as a data URL). Your password is not in it: we keep only a one-way hash of it, which is of no use',
    '  to anyone, and it is left out like every other secret (sign-in and link tokens).',
    '',
    'emergency-contacts.json',
    '  Your emergency contacts: name, country code, phone number, whether each is the primary contact, and when it was saved.',
    '',
    'faces.json',
    `  Your ${details.faces} saved ${details.faces === 1 ? 'face' : 'faces'}. For each: its face ID, the name you gave it, when you confirmed the person's`,
    '  consent (and the helper who confirmed it, when a helper did), when it was added and last changed, the picture file',
    '  in the faces folder, and its face description: the',
    '  128 numbers the portal computed from the picture, which your glasses use to recognise the person.',
    '',
    'faces/',
    '  The pictures themselves, exactly as stored, named by face ID (.jpg or .png).',
    ...(details.imagesMissing > 0
      ? [`  ${details.imagesMissing} ${details.imagesMissing === 1 ? 'picture was' : 'pictures were'} missing from the store; faces.json gives "image": null for them.`]
      : []),
    '',
    ...(details.withGlasses
      ? ['paired-glasses.json', '  The glasses paired with your account: their name, when they were paired and when they last reached the portal.', '']
      : []),
    'helpers.json',
    '  The helpers you invited: the name and e-mail you gave, whether the invitation is open, accepted, declined,',
    '  cancelled or expired, or how the help ended (removed by you, stopped by the helper), and when each was invited,',
    '  accepted and ended.',
    '',
    'activity.json',
    '  What happened on your account in the last 90 days, newest first: sign-ins, wrong passwords, changes you made,',
    '  downloads like this one. Each with when, and the browser and system, or the glasses, it came from, and the',
    '  helper who did it when a helper did.',
    '',
    'To delete all of this from the portal, use "Delete my account" on your Profile page.',
    '',
  ];
  return lines.join('\r\n');
}
