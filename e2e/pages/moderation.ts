import { expect } from '@playwright/test';
import { ADMIN } from '../fixtures/paths';
import type { RunningServer } from '../fixtures/server';
import { ApiAs } from './question';

export interface PostedQuestion {
  id: string;
  title: string;
  url_title: string;
  /** 11 while the question waits for review. */
  status?: number;
}

interface Reason {
  reason_type: number;
  content_type?: string;
  name: string;
}

/** API calls the moderation tests seed with, as one account (a token from the real login). */
export class ModerationApi {
  private constructor(readonly as: ApiAs) {}

  static async admin(site: RunningServer): Promise<ModerationApi> {
    return new ModerationApi(await ApiAs.login(site, ADMIN.email, ADMIN.password));
  }

  static async login(site: RunningServer, email: string, password: string): Promise<ModerationApi> {
    return new ModerationApi(await ApiAs.login(site, email, password));
  }

  /** POST question with tags by slug (staff may name new tags). */
  ask(title: string, content: string, tags: string[]): Promise<PostedQuestion> {
    return this.as.call<PostedQuestion>('POST', 'question', {
      title,
      content,
      tags: tags.map((slug) => ({ slug_name: slug, display_name: slug, original_text: '' })),
    });
  }

  async answer(questionId: string, content: string): Promise<string> {
    const result = await this.as.call<{ info: { id: string } }>('POST', 'answer', { question_id: questionId, content });
    return result.info.id;
  }

  /** The object type's first flag reason that asks for no text (GET reasons). */
  async plainFlagReason(objectType: 'question' | 'answer'): Promise<Reason> {
    const reasons = await this.as.call<Reason[]>('GET', `reasons?object_type=${objectType}&action=flag`);
    const reason = reasons.find((r) => !r.content_type);
    if (!reason) throw new Error(`no ${objectType} flag reason without text: ${JSON.stringify(reasons)}`);
    return reason;
  }

  /** POST report with the object type's first flag reason that asks for no text; its name. */
  async flag(objectId: string, objectType: 'question' | 'answer'): Promise<string> {
    const reason = await this.plainFlagReason(objectType);
    await this.as.call('POST', 'report', { object_id: objectId, report_type: reason.reason_type });
    return reason.name;
  }

  /** PUT question: an edit (a suggested edit when the account may not edit without review). */
  async editQuestion(id: string, title: string, content: string, tags: string[], summary: string): Promise<void> {
    await this.as.call('PUT', 'question', {
      id,
      title,
      content,
      tags: tags.map((slug) => ({ slug_name: slug, display_name: slug, original_text: '' })),
      edit_summary: summary,
    });
  }

  /** The admin API's moderation settings (GET/PUT siteinfo/moderation). */
  async moderationSettings(): Promise<Record<string, unknown>> {
    return this.admin<Record<string, unknown>>('GET', 'siteinfo/moderation');
  }

  async setModerationSettings(value: Record<string, unknown>): Promise<void> {
    await this.admin('PUT', 'siteinfo/moderation', value);
  }

  /** A call to the admin API (/answer/admin/api). */
  private async admin<T>(method: string, apiPath: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.as.site.url}/answer/admin/api/${apiPath}`, {
      method,
      headers: { 'content-type': 'application/json', Authorization: this.as.token, 'X-Agora-Request': '1' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    expect(response.status, `${method} admin ${apiPath}: ${text.slice(0, 300)}`).toBe(200);
    return (JSON.parse(text) as { data: T }).data;
  }
}
