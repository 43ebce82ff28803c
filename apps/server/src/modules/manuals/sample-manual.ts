import { FEATURES, PRODUCT_NAME } from '@seva/shared';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

export const SAMPLE_MANUAL_FILE_NAME = 'seva-user-manual.pdf';

type Block = { kind: 'title' | 'heading' | 'paragraph' | 'bullet'; text: string };

const title = (text: string): Block => ({ kind: 'title', text });
const heading = (text: string): Block => ({ kind: 'heading', text });
const para = (text: string): Block => ({ kind: 'paragraph', text });
const bullets = (...items: string[]): Block[] => items.map((text) => ({ kind: 'bullet', text }));

/** The words of the sample manual: what SEVA is and how to use the portal, in plain language. */
function manualText(): Block[] {
  const name = PRODUCT_NAME;
  return [
    title(`${name} User Manual`),
    para(`Smart glasses and companion web portal for people who are blind or have low vision. This sample manual is installed with the portal. Your operator can replace it with the manual for your glasses at any time; the Knowledge Base always shows the newest one.`),

    heading(`1. What ${name} is`),
    para(`${name} is a pair of smart glasses for people who are blind or have low vision. A camera in the glasses sees what is in front of you, and the glasses tell you about it by voice. ${name} can describe the scene around you, read printed text aloud, help you find your way indoors and find objects, and tell you when someone you have taught it to recognise is in front of you.`),
    para(`The glasses work with features that you install and update separately. These are the eight ${name} features:`),
    ...bullets(...FEATURES.map((f) => `${f.name}: ${f.description}.`)),
    para(`The ${name} portal is the website that goes with your glasses. You, or someone helping you, use it to manage your account, teach the glasses faces, set emergency contacts, read this manual and install feature updates.`),

    heading('2. Using the portal with assistive technology'),
    para('Every page of the portal works with a keyboard alone and with screen readers. Each page starts with a heading, and when you move to a new page the screen reader starts reading from that heading. Messages such as "Saving..." or "Emergency contacts saved successfully" are announced as they appear. You can zoom the page up to 400 percent; the layout rearranges itself so that you do not need to scroll sideways.'),
    para('The menu at the top of each page leads to Home, Face Recognition, Emergency Setup, Knowledge Base, Updates and Profile. On a small screen, open the menu with the menu button first.'),

    heading('3. Creating your account'),
    para(`You need the license ID that came with your ${name} glasses. Open the portal and choose Register. Fill in:`),
    ...bullets(
      'Username: at least 3 characters.',
      'Email: the address where you want to receive messages from the portal.',
      'Country code and phone number: the number of digits must match your country, for example 10 digits for India or the USA.',
      'License ID: from your glasses. Each license ID can be registered once.',
      'Password: at least 8 characters, with an uppercase letter, a lowercase letter, a number and one of the symbols ! @ # $ % ^ & *. Common passwords are refused. Type it twice to confirm it.',
    ),
    para('Choose Create Account. The portal sends you an email with a link to verify your email address. Open the link within 24 hours. Until your email is verified you cannot sign in; if the link has expired, try to sign in and ask for a new verification email.'),

    heading('4. Signing in and out'),
    para('Sign in with your license ID and your password. After too many wrong attempts the portal asks you to wait before trying again. If you have forgotten your password, choose "Forgot password?", enter your email and follow the link that arrives; it works once and for one hour.'),
    para('To sign out, open the profile menu on your dashboard and choose Sign Out.'),

    heading('5. Your profile and identity QR code'),
    para('The Profile page shows your username, phone number, email, license ID and access level. You can change your username and your phone number; edit one at a time and save or cancel. Enter the phone number with its country code, for example +12025550123. Your email and license ID cannot be changed.'),
    para(`The profile also shows your identity QR code. It holds your license ID, your email and the ${name} version. Show it when you are asked to identify your account, for example to support staff.`),

    heading('6. Teaching the glasses faces'),
    para(`The Face Recognition page lists the people your glasses can recognise. You can search, sort, view, rename and delete faces. To add someone, choose Add New Face.`),
    para('A photo of a face is personal data of the person in it. Before you add a face, make sure that person agrees, then tick the consent box. The portal explains how the photo is used, stored and protected, how long it is kept and what rights the person has.'),
    para('Take a photo with the camera or upload one. While the camera is on, the portal tells you which way to move the camera to centre the face. For the best results:'),
    ...bullets(
      'Only one face in the photo.',
      'No sunglasses, headsets, hats or scarves.',
      'A plain, neutral background.',
      'Good lighting.',
      'The face looking straight at the camera, in the centre.',
      'No extreme angles.',
      'Nothing covering the eyes or mouth.',
    ),
    para('The portal checks each photo as soon as you take or choose it. A photo with no face, or with more than one, is refused at once, with the reason, and you can take or choose another.'),
    para('Then type the name the glasses should say, and choose Register Face. Each name can be used once. Images can be JPEG or PNG, up to 5 MB. When you delete a face, its photo and everything learnt from it are deleted together, and the glasses stop recognising that person.'),

    heading('7. Emergency contacts'),
    para('On the Emergency Setup page you set the people to reach in case of an emergency. A primary contact is required; a secondary contact is optional. For each contact, enter the full name, choose the country code and type the phone number without the country code, using digits only. The portal tells you how many digits your country needs.'),
    para('Choose Save Contacts. If only the name or only the phone number of the secondary contact is filled in, complete it or clear both fields before saving.'),

    heading('8. Knowledge Base'),
    para('The Knowledge Base page shows the newest user manual, like this one, inside the page. A screen reader can read its text. Zoom in and Zoom out change the size of the page.'),
    para('Choose Read as text to read the same manual as a web page, with its headings and paragraphs. It fits your screen, follows your browser\'s text size and zoom, and your browser\'s Find searches it. The portal remembers which way you read it last.'),

    heading('9. Installing and updating features'),
    para(`The Updates page first says which features have an install or update available; each name leads to that feature. Below, it shows the eight ${name} features one at a time, with Previous and Next buttons. For each feature that has a download available, the page shows a QR code. Look at the QR code with your glasses to install or update that feature. The same download link is also shown as text. A feature with no download available yet shows no QR code.`),

    heading('10. Getting help'),
    para('If something does not work, sign out and sign in again, then try once more. If the problem remains, contact the organisation that supplied your glasses and tell them your license ID, the page you were on and the message the portal showed.'),
  ];
}

const PAGE = { width: 595.28, height: 841.89, margin: 64 };
const STYLE = {
  title: { size: 24, gapBefore: 0, gapAfter: 14, bold: true },
  heading: { size: 16, gapBefore: 14, gapAfter: 6, bold: true },
  paragraph: { size: 12, gapBefore: 0, gapAfter: 8, bold: false },
  bullet: { size: 12, gapBefore: 0, gapAfter: 4, bold: false },
} as const;
const LINE_HEIGHT = 1.4;
const BULLET_INDENT = 16;

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A sample user manual: several pages of real, extractable text in Helvetica, with page numbers. */
export async function sampleManualPdf(createdAt: Date = new Date()): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${PRODUCT_NAME} User Manual`, { showInWindowTitleBar: true });
  doc.setAuthor(PRODUCT_NAME);
  doc.setSubject(`How to use the ${PRODUCT_NAME} smart glasses portal`);
  doc.setLanguage('en-GB');
  doc.setCreationDate(createdAt);
  doc.setModificationDate(createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.07, 0.07, 0.07);
  const textWidth = PAGE.width - 2 * PAGE.margin;

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let pageFont: PDFFont | undefined;
  let y = PAGE.height - PAGE.margin;
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    pageFont = undefined;
    y = PAGE.height - PAGE.margin;
  };
  // Set the font only when it changes: drawText's font option adds a font resource per call.
  const draw = (text: string, x: number, size: number, font: PDFFont) => {
    if (pageFont !== font) page.setFont(font);
    pageFont = font;
    page.drawText(text, { x, y, size, color: ink });
  };

  for (const block of manualText()) {
    const style = STYLE[block.kind];
    const font = style.bold ? bold : regular;
    const indent = block.kind === 'bullet' ? BULLET_INDENT : 0;
    const lines = wrap(block.text, font, style.size, textWidth - indent);
    const lineHeight = style.size * LINE_HEIGHT;
    // A heading keeps at least two lines of what follows on its page.
    const needed = lineHeight * (block.kind === 'heading' ? 3 : 1) + style.gapBefore;
    if (y - needed < PAGE.margin) newPage();
    else y -= style.gapBefore;
    lines.forEach((line, index) => {
      if (y - lineHeight < PAGE.margin) newPage();
      y -= lineHeight;
      if (block.kind === 'bullet' && index === 0) draw('-', PAGE.margin, style.size, font);
      draw(line, PAGE.margin + indent, style.size, font);
    });
    y -= style.gapAfter;
  }

  const pages = doc.getPages();
  pages.forEach((p, index) => {
    const footer = `${PRODUCT_NAME} User Manual - page ${index + 1} of ${pages.length}`;
    const width = regular.widthOfTextAtSize(footer, 9);
    p.setFont(regular);
    p.drawText(footer, { x: (PAGE.width - width) / 2, y: PAGE.margin / 2, size: 9, color: ink });
  });
  return Buffer.from(await doc.save());
}
