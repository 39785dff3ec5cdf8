// Vacancies (issue 17, "Vacancies"): product.md section 2 (/vacancies, /vacancies/{id}), contract.md
// sections 3 (e-mail type 3 JobApplication), 7 (the external jobs service) and 8 (vacancy respond).
// The spec names no calls; these follow the style of section 7. Rules in vacancy-rules.ts.
import { z } from 'zod';
import { dataOf, pageOf, ZQueryFlag, ZQueryIds, ZQueryList, ZRef, ZSearchText, ZTimestamp } from './common.ts';
import { ZEventId } from './members.ts';
import { defineRoute } from './route.ts';
import {
  JOB_FEED_ITEMS_MAX,
  VACANCY_DESCRIPTION_MAX,
  VACANCY_LOCATION_MAX,
  VACANCY_MESSAGE_MAX,
  VACANCY_RESPONSE_DECISIONS,
  VACANCY_RESPONSE_STATUSES,
  VACANCY_SALARY_MAX,
  VACANCY_SENIORITIES,
  VACANCY_SKILLS_MAX,
  VACANCY_SORTS,
  VACANCY_TITLE_MAX,
} from './vacancy-rules.ts';

const ZId = z.coerce.number().int().min(1).max(2_147_483_647);
const ZEventPath = z.object({ eventId: ZEventId });
const ZCompanyPath = z.object({ id: ZId });
const ZCompanyVacancyPath = z.object({ id: ZId, vacancyId: ZId });
const ZPaging = { page: z.coerce.number().int().min(1).max(100_000).optional(), per_page: z.coerce.number().int().min(1).max(100).optional() };

export const ZVacancySeniority = z.enum(VACANCY_SENIORITIES);
export const ZVacancyResponseStatus = z.enum(VACANCY_RESPONSE_STATUSES);

export const ZVacancySalary = z
  .object({ min: z.number().int().nullable(), max: z.number().int().nullable(), currency: z.string() })
  .meta({ id: 'VacancySalary', description: 'Whole currency units a year (ISO 4217 currency); either bound may be null' });
export type VacancySalary = z.infer<typeof ZVacancySalary>;

/** A vacancy as lists show it. */
export const ZVacancyCard = z
  .object({
    id: z.number().int(),
    company: z.object({ id: z.number().int(), name: z.string(), logo_url: z.string().nullable() }),
    title: z.string(),
    location: z.string(),
    remote: z.boolean(),
    seniority: ZVacancySeniority,
    /** The skills asked for, labelled in the event's vacancy.skills list (values it no longer has are left out). */
    skills: z.array(ZRef),
    /** Skill values of `skills` the reader has proved in an academy (verified skills). */
    matches: z.array(z.number().int()),
    salary: ZVacancySalary.nullable(),
    closes_at: ZTimestamp.nullable(),
    /** draft: unpublished; open: published and not past its closing moment; closed: past it. */
    state: z.enum(['draft', 'open', 'closed']),
    created_at: ZTimestamp,
  })
  .meta({ id: 'VacancyCard' });
export type VacancyCard = z.infer<typeof ZVacancyCard>;

export const ZMyVacancyResponse = z
  .object({ id: z.number().int(), status: ZVacancyResponseStatus, created_at: ZTimestamp, updated_at: ZTimestamp })
  .meta({ id: 'MyVacancyResponse' });

/** One vacancy: the card, its markdown description (the web app sanitises it), and the reader's side. */
export const ZVacancy = ZVacancyCard.extend({
  description: z.string(),
  /** The reader's response and its status, null before responding. */
  my_response: ZMyVacancyResponse.nullable(),
  /** The reader administers the company (or is platform staff): edits it in the company settings. */
  can_edit: z.boolean(),
  /** The reader may respond: it is open, not their own company's, and they have not responded yet. */
  can_respond: z.boolean(),
}).meta({ id: 'Vacancy' });
export type Vacancy = z.infer<typeof ZVacancy>;

/** A vacancy in its company's settings: every field as stored, and its responses' counts. */
export const ZCompanyVacancy = ZVacancyCard.extend({
  description: z.string(),
  published: z.boolean(),
  responses: z.object({ total: z.number().int(), new: z.number().int() }),
  updated_at: ZTimestamp,
}).meta({ id: 'CompanyVacancy' });
export type CompanyVacancy = z.infer<typeof ZCompanyVacancy>;

const ZSalaryAmount = z.number().int().min(0).max(VACANCY_SALARY_MAX);

export const ZVacancyInput = z
  .object({
    title: z.string().trim().min(1).max(VACANCY_TITLE_MAX),
    /** Markdown; sanitised where it is shown. */
    description: z.string().trim().max(VACANCY_DESCRIPTION_MAX).optional(),
    location: z.string().trim().max(VACANCY_LOCATION_MAX).optional(),
    remote: z.boolean().optional(),
    seniority: ZVacancySeniority,
    /** Values of the vacancy.skills dictionary. */
    skills: z.array(z.number().int().min(0).max(2_147_483_647)).max(VACANCY_SKILLS_MAX).optional(),
    salary_min: ZSalaryAmount.nullable().optional(),
    salary_max: ZSalaryAmount.nullable().optional(),
    /** ISO 4217 (EUR, USD, RUB, CNY, ...); needed with an amount. */
    salary_currency: z.string().trim().toUpperCase().max(3).nullable().optional(),
    closes_at: ZTimestamp.nullable().optional(),
    published: z.boolean().optional(),
  })
  // No component id: the trimming makes its input and output differ, and OpenAPI would name both alike.
  .describe('The salary range is checked with the stored values (salaryProblem): 422 vacancy.salary_invalid');
export type VacancyInput = z.input<typeof ZVacancyInput>;

export const ZVacancyApplicant = z
  .object({
    user_id: z.number().int(),
    /** Their membership of the event they responded from (links to /members/{id}); null once they left it. */
    member_id: z.number().int().nullable(),
    event_id: z.number().int().nullable(),
    first_name: z.string(),
    last_name: z.string(),
    job: z.string().nullable(),
    company: z.string().nullable(),
    avatar_url: z.string().nullable(),
    /** Responding shares the address with the company, so it can answer. */
    email: z.string(),
  })
  .meta({ id: 'VacancyApplicant' });

export const ZVacancyCv = z.object({ name: z.string(), content_type: z.string(), size: z.number().int() }).meta({ id: 'VacancyCv' });

/** A response as the company's admins see it. */
export const ZVacancyResponse = z
  .object({
    id: z.number().int(),
    vacancy_id: z.number().int(),
    applicant: ZVacancyApplicant,
    message: z.string(),
    cv: ZVacancyCv.nullable(),
    status: ZVacancyResponseStatus,
    /** The applicant's skills proved in an academy that the vacancy asks for. */
    matches: z.array(ZRef),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .meta({ id: 'VacancyResponse' });
export type VacancyResponse = z.infer<typeof ZVacancyResponse>;

/** A response as its applicant sees it: the vacancy and the status. */
export const ZOwnVacancyResponse = z
  .object({
    id: z.number().int(),
    status: ZVacancyResponseStatus,
    message: z.string(),
    cv_name: z.string().nullable(),
    vacancy: z.object({ id: z.number().int(), title: z.string(), state: z.enum(['draft', 'open', 'closed']), company: z.object({ id: z.number().int(), name: z.string(), logo_url: z.string().nullable() }) }),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .meta({ id: 'OwnVacancyResponse' });
export type OwnVacancyResponse = z.infer<typeof ZOwnVacancyResponse>;

/** A job of the event's jobs feed (plain text; the link opens the outside page). */
export const ZExternalJob = z
  .object({ id: z.number().int(), title: z.string(), company_name: z.string(), location: z.string(), summary: z.string(), url: z.string(), published_at: ZTimestamp.nullable() })
  .meta({ id: 'ExternalJob' });
export type ExternalJob = z.infer<typeof ZExternalJob>;

/** A skill a person proved in an academy: an approved homework of a lesson that teaches it. */
export const ZVerifiedSkill = z
  .object({
    skill: ZRef,
    lesson: z.object({ id: z.number().int(), title: z.string() }),
    event: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
    verified_at: ZTimestamp,
  })
  .meta({ id: 'VerifiedSkill' });
export type VerifiedSkill = z.infer<typeof ZVerifiedSkill>;

// The event's vacancies ---------------------------------------------------------------------------

export const listVacancies = defineRoute({
  id: 'vacancies.list',
  method: 'GET',
  path: '/api/v1/{eventId}/vacancies',
  summary:
    'The open vacancies (published, closing moment not past) of the companies taking part in the event; its members on any ticket, its managers and platform staff. filter[query] searches title, company and description; filter[seniority][], filter[skills][] (vacancy.skills values, any of them), filter[remote], filter[company_id], filter[matches]=1 (asks for a skill the reader has verified)',
  tags: ['vacancies'],
  auth: true,
  params: ZEventPath,
  query: z.object({
    ...ZPaging,
    'filter[query]': ZSearchText.optional(),
    'filter[seniority][]': ZQueryList(ZVacancySeniority, 5).optional(),
    'filter[skills][]': ZQueryIds(VACANCY_SKILLS_MAX).optional(),
    'filter[remote]': ZQueryFlag.optional(),
    'filter[company_id]': ZId.optional(),
    'filter[matches]': ZQueryFlag.optional(),
    sort: z.enum(VACANCY_SORTS).optional(),
  }),
  response: pageOf(ZVacancyCard),
  errors: [400, 401, 404],
});

export const listExternalJobs = defineRoute({
  id: 'vacancies.external',
  method: 'GET',
  path: '/api/v1/{eventId}/vacancies/external',
  summary: "Jobs of the event's jobs feed (JSON Feed or RSS/Atom, set in the back office), newest first; filter[query] searches title, company and summary",
  tags: ['vacancies'],
  auth: true,
  params: ZEventPath,
  query: z.object({ ...ZPaging, 'filter[query]': ZSearchText.optional() }),
  response: pageOf(ZExternalJob),
  errors: [400, 401, 404],
});

export const getVacancy = defineRoute({
  id: 'vacancies.get',
  method: 'GET',
  path: '/api/v1/{eventId}/vacancies/{id}',
  summary:
    "One vacancy of a company taking part in the event, with the reader's matching verified skills and their response; a closed one stays readable, a draft only to its company's admins (404 vacancy.not_found otherwise)",
  tags: ['vacancies'],
  auth: true,
  params: ZEventPath.extend({ id: ZId }),
  response: dataOf(ZVacancy),
  errors: [400, 401, 404],
});

export const respondToVacancy = defineRoute({
  id: 'vacancies.respond',
  method: 'POST',
  path: '/api/v1/{eventId}/vacancies/{id}/responses',
  summary: `Respond (multipart: message, at most ${VACANCY_MESSAGE_MAX} characters, and cv: a PDF, DOC or DOCX, its type sniffed from the content, at most UPLOAD_MAX_BYTES). One response per person and vacancy: 409 vacancy.already_responded; 409 vacancy.closed; 422 vacancy.own_company; 413 vacancy.cv_too_large; 415 vacancy.cv_type. The company's admins are mailed (e-mail type 3 JobApplication)`,
  tags: ['vacancies'],
  auth: true,
  params: ZEventPath.extend({ id: ZId }),
  response: dataOf(ZOwnVacancyResponse),
  status: 201,
  errors: [400, 401, 404, 409, 413, 415, 422],
});

export const listMyVacancyResponses = defineRoute({
  id: 'vacancies.responses.mine',
  method: 'GET',
  path: '/api/v1/{eventId}/vacancies/responses/mine',
  summary: "The signed-in person's responses to the vacancies of the event's companies, newest first, with their status",
  tags: ['vacancies'],
  auth: true,
  params: ZEventPath,
  query: z.object(ZPaging),
  response: pageOf(ZOwnVacancyResponse),
  errors: [400, 401, 404],
});

// A company's own vacancies (its admins and platform staff) ---------------------------------------

export const listCompanyVacancies = defineRoute({
  id: 'vacancies.company.list',
  method: 'GET',
  path: '/api/v1/companies/{id}/vacancies',
  summary: "Every vacancy of the company, drafts and closed ones too, newest first, with their responses' counts; the company's admins and platform staff (403 vacancy.forbidden)",
  tags: ['vacancies'],
  auth: true,
  params: ZCompanyPath,
  query: z.object(ZPaging),
  response: pageOf(ZCompanyVacancy),
  errors: [400, 401, 403, 404],
});

export const getCompanyVacancy = defineRoute({
  id: 'vacancies.company.get',
  method: 'GET',
  path: '/api/v1/companies/{id}/vacancies/{vacancyId}',
  summary: "One vacancy of the company with every field as stored (the editor's), for its admins and platform staff; another company's vacancy is 404 vacancy.not_found",
  tags: ['vacancies'],
  auth: true,
  params: ZCompanyVacancyPath,
  response: dataOf(ZCompanyVacancy),
  errors: [400, 401, 403, 404],
});

export const createVacancy = defineRoute({
  id: 'vacancies.create',
  method: 'POST',
  path: '/api/v1/companies/{id}/vacancies',
  summary: "Post a vacancy of the company (published unless published: false); 422 vacancy.unknown_skill for a value outside the vacancy.skills lists the company's events use",
  tags: ['vacancies'],
  auth: true,
  params: ZCompanyPath,
  body: ZVacancyInput,
  response: dataOf(ZCompanyVacancy),
  status: 201,
  errors: [400, 401, 403, 404, 422],
});

export const updateVacancy = defineRoute({
  id: 'vacancies.update',
  method: 'PUT',
  path: '/api/v1/companies/{id}/vacancies/{vacancyId}',
  summary: 'Change a vacancy of the company (fields left out keep their value); another company\'s vacancy is 404 vacancy.not_found',
  tags: ['vacancies'],
  auth: true,
  params: ZCompanyVacancyPath,
  body: ZVacancyInput,
  response: dataOf(ZCompanyVacancy),
  errors: [400, 401, 403, 404, 422],
});

export const deleteVacancy = defineRoute({
  id: 'vacancies.delete',
  method: 'DELETE',
  path: '/api/v1/companies/{id}/vacancies/{vacancyId}',
  summary: 'Delete a vacancy of the company with its responses and their CV files',
  tags: ['vacancies'],
  auth: true,
  params: ZCompanyVacancyPath,
  status: 204,
  response: z.null(),
  errors: [400, 401, 403, 404],
});

export const listVacancyResponses = defineRoute({
  id: 'vacancies.responses.list',
  method: 'GET',
  path: '/api/v1/companies/{id}/vacancies/{vacancyId}/responses',
  summary: "The vacancy's responses, newest first, as they stood when opened: opening the list marks the page's new ones seen. filter[status]. The company's admins and platform staff",
  tags: ['vacancies'],
  auth: true,
  params: ZCompanyVacancyPath,
  query: z.object({ ...ZPaging, 'filter[status]': ZVacancyResponseStatus.optional() }),
  response: pageOf(ZVacancyResponse),
  errors: [400, 401, 403, 404],
});

export const updateVacancyResponse = defineRoute({
  id: 'vacancies.responses.update',
  method: 'PATCH',
  path: '/api/v1/companies/{id}/vacancies/{vacancyId}/responses/{responseId}',
  summary: 'Set a response\'s status: seen (only after new), declined or invited (either may replace the other); 409 vacancy.status_invalid otherwise; another vacancy\'s response is 404',
  tags: ['vacancies'],
  auth: true,
  params: ZCompanyVacancyPath.extend({ responseId: ZId }),
  body: z.object({ status: z.enum(VACANCY_RESPONSE_DECISIONS) }),
  response: dataOf(ZVacancyResponse),
  errors: [400, 401, 403, 404, 409],
});

export const vacancyResponseCv = defineRoute({
  id: 'vacancies.responses.cv',
  method: 'GET',
  path: '/api/v1/companies/{id}/vacancies/{vacancyId}/responses/{responseId}/cv',
  summary: "A signed address of the response's CV that lives a few minutes (downloaded as an attachment), for the company's admins and platform staff; 404 when the response has none",
  tags: ['vacancies'],
  auth: true,
  params: ZCompanyVacancyPath.extend({ responseId: ZId }),
  response: dataOf(z.object({ url: z.string(), name: z.string(), content_type: z.string(), expires_at: ZTimestamp })),
  errors: [400, 401, 403, 404],
});

// Verified skills (academy-to-hiring) -------------------------------------------------------------

export const listMemberVerifiedSkills = defineRoute({
  id: 'vacancies.skills.member',
  method: 'GET',
  path: '/api/v1/{eventId}/members/{id}/verified-skills',
  summary: "A member's verified skills (proved by approved homework in an academy), each with the lesson that proved it; whoever may open the member's page",
  tags: ['vacancies', 'academy'],
  auth: true,
  params: ZEventPath.extend({ id: ZId }),
  response: z.object({ data: z.array(ZVerifiedSkill) }),
  errors: [400, 401, 403, 404],
});

export const listMyVerifiedSkills = defineRoute({
  id: 'vacancies.skills.mine',
  method: 'GET',
  path: '/api/v1/users/me/verified-skills',
  summary: "The signed-in person's verified skills from every academy, each with the lesson that proved it",
  tags: ['vacancies', 'academy'],
  auth: true,
  response: z.object({ data: z.array(ZVerifiedSkill) }),
  errors: [401],
});

// The event's jobs feed (back office) -------------------------------------------------------------

export const ZJobFeed = z
  .object({
    /** null: the event has no jobs feed. */
    url: z.string().nullable(),
    fetched_at: ZTimestamp.nullable(),
    /** What went wrong on the last import, in words; null when it worked. */
    error: z.string().nullable(),
    jobs: z.number().int(),
  })
  .meta({ id: 'JobFeed' });
export type JobFeed = z.infer<typeof ZJobFeed>;

const ZAdminEventPath = z.object({ eventId: ZEventId });

export const adminGetJobFeed = defineRoute({
  id: 'admin.vacancies.feed.get',
  method: 'GET',
  path: '/api/admin/v1/events/{eventId}/job-feed',
  summary: "The event's jobs feed and the state of its last import",
  tags: ['admin', 'vacancies'],
  auth: true,
  params: ZAdminEventPath,
  response: dataOf(ZJobFeed),
  errors: [400, 401, 403, 404],
});

export const adminSetJobFeed = defineRoute({
  id: 'admin.vacancies.feed.set',
  method: 'PUT',
  path: '/api/admin/v1/events/{eventId}/job-feed',
  summary: `Set the jobs feed (JSON Feed 1.1, RSS or Atom; http or https) or remove it (url: null, its jobs go too). An import is queued at once, then every 30 minutes; at most ${JOB_FEED_ITEMS_MAX} items are read. 422 vacancy.feed_invalid`,
  tags: ['admin', 'vacancies'],
  auth: true,
  params: ZAdminEventPath,
  body: z.object({ url: z.string().trim().min(1).max(2000).nullable() }),
  response: dataOf(ZJobFeed),
  errors: [400, 401, 403, 404, 422],
});

export const adminRefreshJobFeed = defineRoute({
  id: 'admin.vacancies.feed.refresh',
  method: 'POST',
  path: '/api/admin/v1/events/{eventId}/job-feed/refresh',
  summary: 'Queue an import of the jobs feed now (202); 404 vacancy.feed_not_found without a feed',
  tags: ['admin', 'vacancies'],
  auth: true,
  params: ZAdminEventPath,
  response: dataOf(ZJobFeed),
  status: 202,
  errors: [400, 401, 403, 404],
});
