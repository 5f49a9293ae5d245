import type { AdminJob, JobState } from '@agora/shared-api/contract';
import type { FastifyRequest } from 'fastify';
import { hasTranslation } from '../../i18n';
import { ApiFailure } from '../../lib/api-failure';
import type { JobRunner } from './runner';

const seconds = (ms: number | null) => (ms ? Math.floor(Number(ms) / 1000) : 0);

function parseParams(text: string): Record<string, string | number> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, string | number>) : {};
  } catch {
    return {};
  }
}

/** A job as the admin API shows it, its texts in the request's language; 404 when there is none. */
export async function jobView(jobs: JobRunner, id: number, request: FastifyRequest): Promise<AdminJob> {
  const found = await jobs.read(id);
  if (!found) throw ApiFailure.notFound('error.job.not_found');
  const { row, failures } = found;
  const t = (key: string, params?: Record<string, string | number>) =>
    hasTranslation(key) ? request.t(key, params) : key;
  return {
    id: String(row.id),
    kind: row.kind,
    state: row.state as JobState,
    done: Number(row.done),
    total: Number(row.total),
    failed: Number(row.failed),
    failures: failures.map((f) => ({
      item: Number(f.item),
      reason: f.reason,
      msg: t(f.reason, parseParams(f.params)),
    })),
    result: parseParams(row.result) as Record<string, number>,
    error_msg: row.error ? t(row.error) : '',
    created_at: seconds(row.created_at),
    finished_at: seconds(row.finished_at),
  };
}
