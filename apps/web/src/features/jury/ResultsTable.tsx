import type { JuryCriterion, JuryResult } from '@lobby/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';

const number = (value: number | null, digits: number) =>
  value === null ? '—' : new Intl.NumberFormat(currentLanguage(), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

/**
 * The jury's results (rank, game, each criterion's mean over its maximum, total 0-100, jurors and,
 * for organisers, the comments). A table that scrolls sideways inside its box on phones.
 */
export function ResultsTable({ results, criteria }: { results: JuryResult[]; criteria: JuryCriterion[] }) {
  const { t } = useTranslation();
  if (results.length === 0) return <p className="text-sm text-fg-muted">{t('jury.results_none')}</p>;
  const withComments = results.some((r) => r.comments.length > 0);
  return (
    <div className="overflow-x-auto rounded-2xl border border-line" tabIndex={0} role="region" aria-label={t('jury.results_title')}>
      <table className="w-full min-w-[36rem] border-collapse text-sm" data-testid="jury-results">
        <thead className="bg-surface-muted text-left">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t('jury.col_rank')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('jury.col_game')}
            </th>
            {criteria.map((c) => (
              <th key={c.id} scope="col" className="px-3 py-2">
                {c.name} <span className="font-normal text-fg-muted">({t('jury.of_max', { max: c.max_score })})</span>
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              {t('jury.col_total')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('jury.col_jurors')}
            </th>
            {withComments ? (
              <th scope="col" className="px-3 py-2">
                {t('jury.col_comments')}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {results.map((row) => (
            <tr key={row.request_id} className="border-t border-line align-top" data-testid="jury-result">
              <td className="px-3 py-2 font-bold">{row.rank ?? '—'}</td>
              <th scope="row" className="px-3 py-2 text-left font-semibold break-words">
                {row.game.name}
                <span className="block font-normal text-fg-muted">{row.game.company.name}</span>
              </th>
              {criteria.map((c) => {
                const cell = row.criteria.find((x) => x.criterion_id === c.id);
                return (
                  <td key={c.id} className="px-3 py-2" data-testid="jury-result-mean">
                    {number(cell?.mean ?? null, 2)}
                  </td>
                );
              })}
              <td className="px-3 py-2 font-semibold" data-testid="jury-result-total">
                {number(row.total, 1)}
              </td>
              <td className="px-3 py-2">{row.jurors}</td>
              {withComments ? (
                <td className="px-3 py-2">
                  {row.comments.length === 0 ? (
                    '—'
                  ) : (
                    <ul className="flex flex-col gap-1">
                      {row.comments.map((c) => (
                        <li key={c.user_id} className="break-words">
                          <span className="font-semibold">{c.name}:</span> {c.text}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
