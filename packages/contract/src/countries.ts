import { REGIONS } from './constants.ts';

export type Region = (typeof REGIONS)[number];

/**
 * Countries by region (ISO 3166-1 alpha-2). A country's id (users.geo, companies.geo) is its
 * position in COUNTRIES, counted from 1: the list only ever grows at its end, so ids never move.
 * Names come from Intl.DisplayNames in the reader's language.
 */
const BY_REGION: Record<Region, string> = {
  EU: 'AD AL AT BA BE BG CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC ME MK MT NL NO PL PT RO RS SE SI SK SM VA XK AX SJ',
  EEU: 'RU UA BY MD GE AM AZ KZ KG TJ TM UZ',
  NA: 'US CA MX GL PM BM',
  AS: 'AF BD BT BN KH CN HK IN ID JP KP KR LA MO MY MV MN MM NP PK PH SG LK TW TH TL VN IO CX CC',
  SCA: 'AR BO BR CL CO EC GY PY PE SR UY VE FK GF BZ CR SV GT HN NI PA AG BS BB CU DM DO GD HT JM KN LC VC TT AI AW BQ CW KY MF BL MS PR SX TC VG VI GP MQ GS',
  ME: 'AE BH EG IL IQ IR JO KW LB OM PS QA SA SY TR YE',
  AF: 'DZ AO BJ BW BF BI CM CV CF TD KM CG CD CI DJ GQ ER SZ ET GA GM GH GN GW KE LS LR LY MG MW ML MR MU YT MA MZ NA NE NG RE RW SH ST SN SC SL SO ZA SS SD TZ TG TN UG EH ZM ZW TF',
  OC: 'AS AU CK FJ PF GU KI MH FM NR NC NZ NU NF MP PW PG PN WS SB TK TO TV UM VU WF HM AQ BV',
};

export interface Country {
  id: number;
  code: string;
  region: Region;
}

export const COUNTRIES: readonly Country[] = REGIONS.flatMap((region) => BY_REGION[region].split(' ').map((code) => ({ code, region }))).map((country, index) => ({
  id: index + 1,
  ...country,
}));

const byId = new Map(COUNTRIES.map((country) => [country.id, country]));
const byCode = new Map(COUNTRIES.map((country) => [country.code, country]));

export const countryById = (id: number | null | undefined): Country | undefined => (id === null || id === undefined ? undefined : byId.get(id));
export const countryByCode = (code: string): Country | undefined => byCode.get(code.toUpperCase());
export const regionOfCountry = (id: number | null | undefined): Region | null => countryById(id)?.region ?? null;

/** The country's name in a language ("Germany", "Германия", "德国"); the code when the runtime has no name. */
export function countryName(id: number | null | undefined, language: string): string | null {
  const country = countryById(id);
  if (!country) return null;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(country.code) ?? country.code;
  } catch {
    return country.code;
  }
}
