// Demo vacancies at Lobby Summit (issue 17): several companies' jobs in every seniority, remote and
// on site, one closed and one draft; responses to the demo attendee's company (Nebula Games) in
// each status; the academy lesson "Core loops" proves two skills, which its approved homework (the
// demo student's among them) has made verified skills (issue 15, academy-to-hiring).
import { HomeworkStatus, type VacancyResponseStatus, type VacancySeniority } from '@lobby/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FileStore } from '../../files/store.ts';
import type { Db } from '../client.ts';
import { academyHomeworks, academyLessons, companies, companyUsers, eventCompanies, eventMembers, users, vacancies, vacancyResponses, verifiedSkills } from '../schema/index.ts';
import type { SeededEvents } from './people.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const DAY = 24 * 60 * 60 * 1000;

interface DemoVacancy {
  company: string;
  title: string;
  seniority: VacancySeniority;
  skills: number[];
  location: string;
  remote: boolean;
  salary?: [number | null, number | null, string];
  closesInDays: number | null;
  published?: boolean;
  postedDaysAgo: number;
  description: string;
}

const VACANCIES: DemoVacancy[] = [
  {
    company: 'Nebula Games',
    title: 'Level designer',
    seniority: 'middle',
    skills: [2, 1],
    location: 'Limassol',
    remote: false,
    salary: [45_000, 60_000, 'EUR'],
    closesInDays: 21,
    postedDaysAgo: 6,
    description: '## About the role\n\nBuild the missions of **Starfall Tactics**, our co-op strategy game: blockouts, encounters and the pacing of a 40-mission campaign.\n\n## You have\n\n- two shipped games, or a portfolio of playable levels\n- a feel for co-op: two players, one map\n\n## We offer\n\nA small team, a real say in the design, and a relocation package to Cyprus.',
  },
  {
    company: 'Nebula Games',
    title: 'Gameplay programmer (Unity)',
    seniority: 'senior',
    skills: [4, 6, 8],
    location: 'Limassol',
    remote: true,
    salary: [70_000, 90_000, 'EUR'],
    closesInDays: 30,
    postedDaysAgo: 3,
    description: 'Own the combat and ship systems of our next co-op game.\n\n- Unity and C#, five years or more\n- networking for two players is a plus\n\nRemote within two hours of Cyprus time.',
  },
  {
    company: 'Nebula Games',
    title: 'Game design intern',
    seniority: 'intern',
    skills: [1, 21],
    location: 'Limassol',
    remote: true,
    closesInDays: 10,
    postedDaysAgo: 1,
    description: 'Three months with our designers: paper prototypes, balance sheets, playtests. Academy graduates are welcome: show us the loop you drew.',
  },
  { company: 'Nebula Games', title: 'QA tester', seniority: 'junior', skills: [15], location: 'Limassol', remote: false, closesInDays: -3, postedDaysAgo: 40, description: 'Test our mobile racer before each weekly track goes live.' },
  { company: 'Pixel Forge', title: 'Senior 3D artist', seniority: 'senior', skills: [11, 12], location: 'Warsaw', remote: true, salary: [80_000, 100_000, 'USD'], closesInDays: 45, postedDaysAgo: 9, description: 'Hard-surface vehicles and props for a stylised shooter.' },
  { company: 'Northwind Studios', title: 'Narrative designer', seniority: 'middle', skills: [3, 1], location: 'Shanghai', remote: false, salary: [300_000, 420_000, 'CNY'], closesInDays: 14, postedDaysAgo: 12, description: 'Write the quests and barks of an open-world RPG set on a river delta.' },
  { company: 'Red Fox Interactive', title: 'Lead producer', seniority: 'lead', skills: [16, 17], location: 'Belgrade', remote: false, salary: [null, 4_800_000, 'RUB'], closesInDays: null, postedDaysAgo: 20, description: 'Lead three teams on a live mobile game: roadmap, budget and the weekly release train.' },
  { company: 'Blue Orbit', title: 'Backend developer', seniority: 'junior', skills: [9], location: '', remote: true, closesInDays: null, postedDaysAgo: 2, description: 'Matchmaking and leaderboards in Go for a party game.' },
  { company: 'Lantern Works', title: 'Community manager', seniority: 'middle', skills: [20, 19], location: 'Berlin', remote: false, closesInDays: 30, published: false, postedDaysAgo: 0, description: 'A draft: the role is not announced yet.' },
];

/** Skills the summit academy's "Core loops" lesson proves: Game design and Prototyping. */
const LOOPS_SKILLS = [1, 21];

const RESPONSES: { vacancy: string; status: VacancyResponseStatus; message: string; daysAgo: number }[] = [
  { vacancy: 'Level designer', status: 'new', message: 'I built the co-op raids of a small roguelite and would love to design missions for Starfall Tactics.', daysAgo: 1 },
  { vacancy: 'Level designer', status: 'seen', message: 'Five years of level design in Unreal; portfolio in the CV.', daysAgo: 3 },
  { vacancy: 'Gameplay programmer (Unity)', status: 'invited', message: 'Unity since 2016, shipped two multiplayer games. Happy to do a test task.', daysAgo: 2 },
  { vacancy: 'Game design intern', status: 'declined', message: 'I am finishing a design course and made three paper prototypes.', daysAgo: 1 },
];

/** A one-page PDF CV (text only), so the demo responses have a file to download. */
function cvPdf(name: string): Buffer {
  const stream = `BT /F1 14 Tf 48 760 Td (${name} - CV) Tj 0 -24 Td /F1 11 Tf (Game developer. Portfolio and references on request.) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export async function seedVacancies(tx: Tx, seeded: SeededEvents, now: number, files: FileStore | null): Promise<void> {
  const summit = seeded.eventId.get('lobby-summit');
  if (summit === undefined) return;
  const inSummit = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .innerJoin(eventCompanies, and(eq(eventCompanies.companyId, companies.id), eq(eventCompanies.eventId, summit)))
    .where(inArray(companies.name, [...new Set(VACANCIES.map((v) => v.company))]));
  const companyId = new Map(inSummit.map((row) => [row.name, row.id]));
  const rows = VACANCIES.flatMap((v) => {
    const id = companyId.get(v.company);
    if (id === undefined) return [];
    const posted = new Date(now - v.postedDaysAgo * DAY);
    return [
      {
        companyId: id,
        title: v.title,
        description: v.description,
        location: v.location,
        remote: v.remote,
        seniority: v.seniority,
        skills: v.skills,
        salaryMin: v.salary?.[0] ?? null,
        salaryMax: v.salary?.[1] ?? null,
        salaryCurrency: v.salary?.[2] ?? null,
        closesAt: v.closesInDays === null ? null : new Date(now + v.closesInDays * DAY),
        published: v.published ?? true,
        createdAt: posted,
        updatedAt: posted,
      },
    ];
  });
  const inserted = await tx.insert(vacancies).values(rows).returning({ id: vacancies.id, title: vacancies.title, companyId: vacancies.companyId });
  const nebula = companyId.get('Nebula Games');
  const vacancyId = new Map(inserted.filter((row) => row.companyId === nebula).map((row) => [row.title, row.id]));

  // Applicants: generated summit members who do not work for Nebula Games.
  const applicants = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(eventMembers)
    .innerJoin(users, eq(users.id, eventMembers.userId))
    .where(and(eq(eventMembers.eventId, summit), eq(eventMembers.isOrganizer, false), sql`not exists(select 1 from ${companyUsers} where ${companyUsers.userId} = ${users.id} and ${companyUsers.companyId} = ${nebula ?? 0})`, sql`${users.email} not like '%@lobby.demo'`))
    .orderBy(asc(eventMembers.id))
    .limit(RESPONSES.length);
  for (const [index, response] of RESPONSES.entries()) {
    const applicant = applicants[index];
    const vacancy = vacancyId.get(response.vacancy);
    if (!applicant || vacancy === undefined) continue;
    const name = `${applicant.firstName} ${applicant.lastName}`;
    const cv = files ? cvPdf(name) : null;
    const key = cv ? `demo-cv-${vacancy}-${applicant.id}.pdf` : null;
    if (cv && key && files) await files.put(key, cv, 'application/pdf');
    const at = new Date(now - response.daysAgo * DAY);
    await tx.insert(vacancyResponses).values({
      vacancyId: vacancy,
      userId: applicant.id,
      eventId: summit,
      message: response.message,
      cvKey: key,
      cvName: cv ? `${name.replace(/[^\p{L}\p{N} ]/gu, '')} CV.pdf` : null,
      cvType: cv ? 'application/pdf' : null,
      cvSize: cv?.length ?? null,
      status: response.status,
      createdAt: at,
      updatedAt: at,
    });
  }

  // Academy-to-hiring: "Core loops" proves its skills; every approved homework of it already did.
  const [loops] = await tx
    .update(academyLessons)
    .set({ skills: LOOPS_SKILLS })
    .where(and(eq(academyLessons.eventId, summit), eq(academyLessons.title, 'Core loops')))
    .returning({ id: academyLessons.id });
  if (!loops) return;
  const approved = await tx
    .select({ id: academyHomeworks.id, userId: academyHomeworks.userId, reviewedAt: academyHomeworks.reviewedAt })
    .from(academyHomeworks)
    .where(and(eq(academyHomeworks.lessonId, loops.id), eq(academyHomeworks.status, HomeworkStatus.Approved)));
  const proofs = approved.flatMap((work) => LOOPS_SKILLS.map((skill) => ({ userId: work.userId, skill, lessonId: loops.id, homeworkId: work.id, eventId: summit, verifiedAt: work.reviewedAt ?? new Date(now) })));
  if (proofs.length > 0) await tx.insert(verifiedSkills).values(proofs);
}
