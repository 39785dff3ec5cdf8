import { COUNTRIES, MemberRole } from '@lobby/contract';

/** A small deterministic generator, so every fresh demo has the same people. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    some: <T>(items: readonly T[], max: number): T[] => {
      const count = 1 + Math.floor(next() * max);
      return [...new Set(Array.from({ length: count }, () => items[Math.floor(next() * items.length)] as T))];
    },
  };
}

export const COMPANY_NAMES = [
  'Nebula Games', 'Pixel Forge', 'Northwind Studios', 'Red Fox Interactive', 'Blue Orbit', 'Lantern Works',
  'Iron Kite', 'Moonlit Bay', 'Quiet Harbor Games', 'Sunburst Publishing', 'Tidal Capital', 'Cobalt Arts',
  'Paper Crane', 'Wild Pine', 'Atlas Localization', 'Echo Sound Lab', 'Glacier QA', 'Hexa Ventures',
  'Kestrel Mobile', 'Lumen Engine', 'Maple Leaf Games', 'Neon Alley', 'Orchid Play', 'Polar Bear Studio',
  'Quasar Publishing', 'Raven Rock', 'Silk Road Games', 'Tiny Titan', 'Umbra Labs', 'Velvet Dice',
  'Wander Works', 'Xeno Garden', 'Yellow Kite', 'Zen Garden Games', 'Amber Arcade', 'Bright Hill UA',
] as const;

const BLURBS = [
  'We make **cosy** games for people who play on the go.',
  'A publisher of story-rich indie games, from pitch to release on every platform.',
  'Art, animation and trailers for studios of any size.',
  'Investing in early-stage game studios across Europe and Asia.',
  'Porting, co-development and live-ops for PC and consoles.',
  'Localisation into 30 languages and culturalisation by players.',
];

const FIRST = ['Anna', 'Ben', 'Chloe', 'Daniel', 'Elena', 'Felix', 'Grace', 'Hugo', 'Iris', 'Jonas', 'Kira', 'Liam', 'Mia', 'Noah', 'Olivia', 'Pavel', 'Quinn', 'Rosa', 'Sam', 'Tara', 'Umar', 'Vera', 'Yuki', 'Zoe', 'Марина', 'Дмитрий', 'Ольга', 'Артём', '李', '王', '陈', '张'];
const LAST = ['Andersen', 'Brooks', 'Costa', 'Dubois', 'Evans', 'Fischer', 'García', 'Hughes', 'Ivanova', 'Jensen', 'Kowalski', 'Lopez', 'Moreau', 'Nakamura', 'Okafor', 'Patel', 'Rossi', 'Schmidt', 'Tanaka', 'Usman', 'Virtanen', 'Wong', 'Смирнова', 'Кузнецов', '明', '伟', '芳', '杰'];
const JOBS = ['Game designer', 'Producer', 'Art director', 'CEO', 'Business developer', 'Lead programmer', 'Publishing manager', 'Investor', 'UA manager', 'Community manager', 'Technical artist', 'QA lead', 'Composer', 'Narrative designer', 'Marketing lead'];
const CITIES = ['Berlin', 'Limassol', 'Warsaw', 'Helsinki', 'Shanghai', 'Tokyo', 'Austin', 'Montreal', 'Dubai', 'São Paulo', 'Lagos', 'Melbourne', 'Belgrade', 'Almaty', 'Seoul', 'Barcelona'];

/** Countries the demo people come from, spread over every region. */
const COUNTRY_CODES = ['DE', 'CY', 'PL', 'FI', 'CN', 'JP', 'US', 'CA', 'AE', 'BR', 'NG', 'AU', 'RS', 'KZ', 'KR', 'ES', 'GB', 'FR', 'UA', 'IN', 'MX', 'TR', 'EG', 'NZ'];
export const demoCountryIds = COUNTRY_CODES.map((code) => COUNTRIES.find((c) => c.code === code)?.id ?? 1);

export interface DemoCompany {
  name: string;
  logo: string;
  business: number[];
  tags: number[];
  size: number;
  geo: number;
  site: string;
  description: string;
  hasChat: boolean;
  /** Sponsor tier at Lobby Summit, null for none. */
  tier: number | null;
}

const TIERS: Record<number, number> = { 0: 6, 1: 3, 2: 3, 3: 4, 4: 2, 5: 9, 6: 0, 7: 0, 8: 0, 9: 1, 10: 8, 11: 0 };

export function demoCompanies(): DemoCompany[] {
  const random = seeded(2026);
  return COMPANY_NAMES.map((name, index) => ({
    name,
    logo: `/demo/logos/${String(index + 1).padStart(2, '0')}.svg`,
    business: random.some([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 2),
    tags: random.some([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 3),
    size: 1 + random.int(5),
    geo: random.pick(demoCountryIds),
    site: `https://${name.toLowerCase().replace(/[^a-z]+/g, '-')}.example.org`,
    description: `${random.pick(BLURBS)}\n\n${name} is at Lobby Summit: book a meeting with the team.`,
    hasChat: random.next() < 0.5,
    tier: TIERS[index] ?? null,
  }));
}

export interface DemoPerson {
  email: string;
  firstName: string;
  lastName: string;
  job: string | null;
  bio: string | null;
  city: string | null;
  geo: number | null;
  companyIndex: number | null;
  offerIds: number[];
  lookingIds: number[];
  avatar: string | null;
  linkedin: string | null;
  telegram: string | null;
  showEmail: boolean;
  roleIds: number[];
  ticket: 'business' | 'general' | 'service-provider';
  /** Minutes since the person was last seen. */
  seenMinutesAgo: number;
  /** Member of the summit, or only of the earlier spring forum (show previous). */
  events: ('lobby-summit' | 'spring-forum')[];
}

/** A few hundred people, some with empty profiles, some only at the earlier forum. */
export function demoPeople(count = 320): DemoPerson[] {
  const random = seeded(42);
  return Array.from({ length: count }, (_, index) => {
    const empty = index % 11 === 10;
    const firstName = random.pick(FIRST);
    const lastName = random.pick(LAST);
    const previousOnly = index % 9 === 8;
    const speaker = index % 25 === 3;
    const sponsor = index % 31 === 5;
    return {
      email: `guest${index + 1}@people.lobby.demo`,
      firstName,
      lastName,
      job: empty ? null : random.pick(JOBS),
      bio: empty || random.next() < 0.5 ? null : `${random.pick(JOBS)} with ${2 + random.int(15)} years in games. Happy to talk about ${random.pick(['publishing', 'art', 'live-ops', 'funding', 'porting', 'mobile UA'])}.`,
      city: empty ? null : random.pick(CITIES),
      geo: empty ? null : random.pick(demoCountryIds),
      companyIndex: empty || random.next() < 0.15 ? null : random.int(COMPANY_NAMES.length),
      offerIds: empty ? [] : random.some([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 3),
      lookingIds: empty ? [] : random.some([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 3),
      avatar: empty || random.next() < 0.35 ? null : `/demo/avatars/${String(1 + random.int(24)).padStart(2, '0')}.svg`,
      linkedin: random.next() < 0.4 ? `https://www.linkedin.com/in/demo-${index + 1}` : null,
      telegram: random.next() < 0.3 ? `demo_person_${index + 1}` : null,
      showEmail: random.next() < 0.3,
      roleIds: [MemberRole.Member, ...(speaker ? [MemberRole.Speaker] : []), ...(sponsor ? [MemberRole.Sponsor] : [])],
      ticket: index % 16 === 7 ? 'service-provider' : random.next() < 0.6 ? 'business' : 'general',
      seenMinutesAgo: random.int(60 * 24 * 10),
      events: previousOnly ? ['spring-forum'] : random.next() < 0.2 ? ['lobby-summit', 'spring-forum'] : ['lobby-summit'],
    };
  });
}
