// What the dashboard reads. The admin statistics endpoint does not exist yet, so the figures come from what
// the server already answers: list totals (a one-item page carries the total count) and the SMTP settings.
import { adminApi, api } from '@agora/shared-api';
import type { SiteSmtp } from '@agora/shared-api/contract';
import { queryOptions } from '@tanstack/react-query';

export const dashboardKeys = {
  all: ['mf_admin', 'dashboard'] as const,
  count: (figure: DashboardFigure) => [...dashboardKeys.all, 'count', figure] as const,
  smtp: () => [...dashboardKeys.all, 'smtp'] as const,
};

/** The totals the public lists give: visible questions, those without an answer, main tags. */
export type DashboardFigure = 'questions' | 'unanswered' | 'tags';

const SOURCES: Record<DashboardFigure, { path: string; query: Record<string, string> }> = {
  questions: { path: 'question/page', query: { order: 'newest' } },
  unanswered: { path: 'question/page', query: { order: 'unanswered' } },
  tags: { path: 'tags/page', query: {} },
};

/** The total of one list: GET question/page or tags/page with a page of one item (its `count`). */
export const countQuery = (figure: DashboardFigure) =>
  queryOptions({
    queryKey: dashboardKeys.count(figure),
    queryFn: async ({ signal }) => {
      const { path, query } = SOURCES[figure];
      const page = await api.get<{ count: number }>(path, { ...query, page: 1, page_size: 1 }, signal);
      return page.count;
    },
    meta: { passingError: true },
  });

/** GET setting/smtp (admin API): whether the site can send mail. */
export const smtpQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.smtp(),
    queryFn: ({ signal }) => adminApi.get<SiteSmtp>('setting/smtp', undefined, signal),
    meta: { passingError: true },
  });
