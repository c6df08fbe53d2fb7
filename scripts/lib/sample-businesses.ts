/**
 * Made-up businesses for the sample creatives and the creative tests: brand kits, copy candidate
 * lists (preferred first, shorter rewrites after) and product shots drawn here (a coffee pouch
 * with alpha, a serum bottle on a white backdrop as JPEG), so nothing is fetched.
 */
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import type { CopyCandidates } from '#core/creative/types.ts';
import type { BrandKit } from '#core/entities/brand-kit.ts';

export type SampleBusiness = {
  key: string;
  name: string;
  /** What the business is, in the words a prompt would use (drives the offline scene). */
  category: string;
  brand: BrandKit;
  copy: CopyCandidates;
  product?: 'pouch' | 'serum' | undefined;
};

const kit = (colors: BrandKit['colors'], fonts: BrandKit['fonts'], banned: string[] = []): BrandKit => ({
  client_id: 'sample',
  colors,
  fonts,
  logo_url: null,
  logo_asset_id: null,
  tone_of_voice: '',
  tagline: '',
  banned_words: banned,
  updated_at: '2026-01-01T00:00:00.000Z',
});

export const BUSINESSES: SampleBusiness[] = [
  {
    key: 'dental',
    name: 'Brightside Dental',
    category: 'a friendly dental clinic, calm treatment room',
    brand: kit(
      { primary: '#0E7C86', secondary: '#A7E0E0', accent: '#F2994A', background: '#F4FBFB', text: '#0B2E33' },
      { heading: 'Poppins', body: 'Inter' },
      ['painless'],
    ),
    copy: {
      headlines: [
        'Nervous about the dentist? We take it slow, and we explain every step',
        'Gentle care for nervous patients',
        'Gentle, unhurried care',
      ],
      bodies: [
        'Evening appointments, same-day emergency visits and a team that listens first.',
        'Evening and same-day appointments.',
      ],
      offer: 'Free first check-up',
      cta: 'Book a visit',
    },
  },
  {
    key: 'payroll',
    name: 'Payline',
    category: 'payroll software for small business teams',
    brand: kit(
      { primary: '#1B2A4A', secondary: '#3D5A80', accent: '#C6F432', background: '#F5F7FA', text: '#101828' },
      { heading: 'Montserrat', body: 'Inter' },
    ),
    copy: {
      headlines: [
        'Payroll done in ten minutes, taxes filed for you, every single month',
        'Payroll in ten minutes a month',
        'Payroll, done',
      ],
      bodies: [
        'Automatic filings, direct deposit and a dashboard your accountant will like.',
        'Filings and deposits on autopilot.',
      ],
      cta: 'Start free',
    },
  },
  {
    key: 'fitness',
    name: 'Pulse',
    category: 'a fitness app with home workouts, mobile app',
    brand: kit(
      { primary: '#4B1D8F', secondary: '#9B6BDF', accent: '#FF7A3D', background: '#F7F3FF', text: '#1C0B36' },
      { heading: 'Oswald', body: 'Poppins' },
    ),
    copy: {
      headlines: [
        'Twenty minutes a day, no gym, and a coach in your pocket',
        'Twenty-minute workouts at home',
        'Train at home',
      ],
      bodies: [
        'Plans that adapt to your week, with downloads already waiting for offline sessions.',
        'Plans that adapt to your week.',
      ],
      offer: '7-day free trial',
      cta: 'Get the app',
    },
  },
  {
    key: 'coffee',
    name: 'Ember & Oak',
    category: 'small-batch coffee roaster, coffee beans',
    brand: kit(
      { primary: '#3B2417', secondary: '#C8A27A', accent: '#E07A2E', background: '#F6EFE6', text: '#23160E' },
      { heading: 'Playfair Display', body: 'Inter' },
    ),
    copy: {
      headlines: ['Your morning, finally worth waking up for', 'Coffee worth waking up for'],
      bodies: [
        'Small-batch beans, roasted on Monday and at your door by Thursday.',
        'Roasted Monday, at your door Thursday.',
      ],
      offer: '30% off your first bag',
      cta: 'Shop the roast',
    },
    product: 'pouch',
  },
  {
    key: 'skincare',
    name: 'Lumen',
    category: 'vitamin C face serum, skincare',
    brand: kit(
      { primary: '#B4505F', secondary: '#F3D5CF', accent: '#6B2737', background: '#FFF8F5', text: '#3A1A20' },
      { heading: 'Lora', body: 'Inter' },
    ),
    copy: {
      headlines: ['Brighter skin in four weeks, with one drop each morning', 'Brighter skin in four weeks'],
      bodies: [
        'Fifteen percent vitamin C, fragrance free, made for sensitive skin.',
        'Vitamin C for sensitive skin.',
      ],
      cta: 'Shop the serum',
    },
    product: 'serum',
  },
  {
    key: 'hotel',
    name: 'Harbour House',
    category: 'a boutique hotel by the sea, rooms with a view',
    brand: kit(
      { primary: '#23395B', secondary: '#8EA8C3', accent: '#D9A441', background: '#F8F5EF', text: '#1A2435' },
      { heading: 'Playfair Display', body: 'Lora' },
    ),
    copy: {
      headlines: [
        'Wake up to the sea, breakfast on the terrace and nowhere to be',
        'Wake up to the sea',
        'Sea view rooms',
      ],
      bodies: [
        'Twelve rooms, a quiet harbour and a kitchen that bakes every morning.',
        'Twelve rooms on a quiet harbour.',
      ],
      offer: 'Stay 3 nights, pay for 2',
      cta: 'Book your stay',
    },
  },
];

function png(svg: string): Buffer {
  return Buffer.from(new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng());
}

/** A coffee pouch on a transparent background (PNG with alpha). */
export function pouchPng(): Buffer {
  return png(
    `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="760"><defs><linearGradient id="p" x1="0" x2="1"><stop offset="0" stop-color="#1E120B"/><stop offset="0.3" stop-color="#4A2E1D"/><stop offset="0.62" stop-color="#3B2417"/><stop offset="1" stop-color="#140B06"/></linearGradient></defs>` +
      `<rect x="40" y="40" width="440" height="700" rx="30" fill="url(#p)"/><rect x="40" y="40" width="440" height="54" rx="26" fill="#2B1A10"/>` +
      `<rect x="100" y="220" width="320" height="330" rx="18" fill="#F6EFE6"/><circle cx="260" cy="300" r="36" fill="#E07A2E"/>` +
      `<rect x="150" y="370" width="220" height="26" rx="6" fill="#3B2417"/><rect x="190" y="420" width="140" height="6" fill="#C8A27A"/><rect x="170" y="450" width="180" height="14" rx="4" fill="#8A6A50"/></svg>`,
  );
}

/** A serum bottle photographed on a white backdrop (opaque JPEG): the engine must cut the white away. */
export async function serumJpeg(): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="#FFFFFF"/>` +
    `<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#8E2F3F"/><stop offset="0.45" stop-color="#C9566A"/><stop offset="1" stop-color="#7A2434"/></linearGradient></defs>` +
    `<rect x="255" y="110" width="90" height="120" rx="14" fill="#2A2A2A"/><rect x="270" y="60" width="60" height="70" rx="28" fill="#3A3A3A"/>` +
    `<rect x="200" y="220" width="200" height="470" rx="40" fill="url(#g)"/><rect x="230" y="360" width="140" height="180" rx="10" fill="#FFF4EE"/>` +
    `<rect x="255" y="400" width="90" height="16" rx="4" fill="#6B2737"/><rect x="265" y="440" width="70" height="8" rx="3" fill="#B4505F"/></svg>`;
  return sharp(png(svg)).flatten({ background: '#FFFFFF' }).jpeg({ quality: 90 }).toBuffer();
}

export async function productFor(business: SampleBusiness): Promise<Buffer | undefined> {
  if (business.product === 'pouch') return pouchPng();
  if (business.product === 'serum') return serumJpeg();
  return undefined;
}

/** A simple logo mark (circle + bar) in the brand's colours, transparent background. */
export function logoPng(colors: BrandKit['colors']): Buffer {
  return png(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><circle cx="50" cy="50" r="40" fill="${colors.accent}"/><rect x="110" y="30" width="260" height="40" rx="20" fill="${colors.primary}"/></svg>`,
  );
}
