import type { AdminDashboard } from '@agora/shared-api/contract';

/** 30 days from 2026-02-13, with a figure that grows each day. */
export const ACTIVITY = Array.from({ length: 30 }, (_, i) => ({
  date: new Date(Date.UTC(2026, 1, 13 + i)).toISOString().slice(0, 10),
  questions: i % 5,
  answers: i % 7,
  users: i === 29 ? 12 : 1,
}));

export const dashboard = (info: Partial<AdminDashboard['info']> = {}): AdminDashboard => ({
  info: {
    question_count: 1234,
    resolved_count: 617,
    resolved_rate: 50,
    unanswered_count: 56,
    unanswered_rate: 4.5,
    answer_count: 2500,
    comment_count: 800,
    vote_count: 15_000,
    user_count: 321,
    report_count: 3,
    uploading_files: true,
    smtp: false,
    https: true,
    time_zone: 'Europe/Paris',
    occupying_storage_space: 5 * 1024 * 1024 + 512 * 1024,
    app_start_time: Math.floor(Date.now() / 1000) - (2 * 86_400 + 3 * 3600 + 4 * 60 + 30),
    version_info: { version: '1.4.0', revision: 'abc1234', remote_version: '1.5.0' },
    login_required: false,
    runtime_version: 'Node.js 22.12.0',
    database_type: 'postgres',
    database_version: '16.4',
    database_size: 3 * 1024 * 1024,
    uploads_size: 2.5 * 1024 * 1024,
    update_check: 'ok',
    ...info,
  },
  activity: ACTIVITY,
});
