import { isApiError, useCurrentUser, useLoginState, useRequireLogin } from '@agora/shared-api';
import { commentPageQuery } from '@agora/shared-api/resources/comment';
import { fromInputId } from '@agora/shared-api/short-id';
import { Button } from '@agora/shared-ui';
import { useCaptchaGate } from '@agora/shared-ui/captcha';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import { onDemand } from '../common/on-demand';
import { useSite } from '../common/site';
import {
  actionRecord,
  FIRST_PAGE_SIZE,
  MORE_PAGE_SIZE,
  useAddComment,
  useDeleteComment,
  useEditComment,
  useVoteComment,
  type Comment,
} from './api';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import type { MentionPerson } from '../common/mention';
import { emptyThread, hasMore, nextPages, threadReducer } from './thread';
import './comments.css';

// antd: fetched when a deletion is first confirmed, not with the page.
const DeleteDialog = onDemand(() => import('./delete-dialog').then((m) => m.DeleteDialog));

export interface CommentsProps {
  /** The question or answer commented on. */
  objectId: string;
  objectType: 'question' | 'answer';
  questionId: string;
  /** A comment a link points at (?commentId=): loaded first and highlighted. */
  highlightCommentId?: string;
  /** Opens the page's report dialog for a comment; without it no Report action shows. */
  onReport?(comment: Comment): void;
}

/** The people of a thread, in order of appearance, for the mention list. */
function threadPeople(items: readonly Comment[]): MentionPerson[] {
  const people = new Map<string, MentionPerson>();
  for (const c of items) {
    if (c.username && c.user_status !== 'deleted' && !people.has(c.username)) {
      people.set(c.username, { username: c.username, display_name: c.user_display_name, avatar: c.user_avatar });
    }
    if (c.reply_username && c.reply_user_status !== 'deleted' && !people.has(c.reply_username)) {
      people.set(c.reply_username, { username: c.reply_username, display_name: c.reply_user_display_name, avatar: '' });
    }
  }
  return [...people.values()];
}

type Composer = null | { replyTo: Comment | null };

/**
 * Comments under a question or an answer: 3 by votes first, then 'show more' in pages of 15;
 * add, reply (after its parent), edit inline, delete, vote up, mention people.
 */
export function Comments({ objectId, objectType, highlightCommentId, onReport }: CommentsProps) {
  const { t } = useTranslation(NAMESPACE);
  const { timeZone } = useSite();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const login = useLoginState();
  const requireLogin = useRequireLogin();
  const commentId = highlightCommentId || undefined;
  /** The linked comment's long id: links may carry the short form. */
  const linkedId = commentId ? fromInputId(commentId) : undefined;
  const isLinked = (comment: Comment) => !!linkedId && fromInputId(comment.comment_id) === linkedId;

  const first = useQuery(commentPageQuery({ objectId, commentId, order: 'vote', page: 1, pageSize: FIRST_PAGE_SIZE }));
  const [thread, dispatch] = useReducer(threadReducer, emptyThread);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const threadKey = `${objectId}|${commentId ?? ''}`;
  if (first.data && loadedFor !== threadKey) {
    setLoadedFor(threadKey);
    dispatch({ type: 'first', page: first.data });
  }
  const ready = loadedFor === threadKey;

  const [composer, setComposer] = useState<Composer>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const [moreState, setMoreState] = useState<'idle' | 'pending' | 'failed'>('idle');
  /** A comment to focus once it is on the list (just posted or edited). */
  const focusNext = useRef<string | null>(null);
  const itemRefs = useRef(new Map<string, HTMLLIElement>());
  const addRef = useRef<HTMLDivElement>(null);
  /** After the add form closes without posting, the focus goes back to 'Add a comment'. */
  const [returnFocus, setReturnFocus] = useState(0);
  useEffect(() => {
    if (returnFocus) addRef.current?.querySelector('button')?.focus();
  }, [returnFocus]);
  const scrolledTo = useRef<string | null>(null);

  const people = useMemo(() => threadPeople(thread.items), [thread.items]);
  const self = user?.username;

  // Focus a comment just posted; scroll a linked comment into view once.
  useEffect(() => {
    if (!focusNext.current) return;
    itemRefs.current.get(focusNext.current)?.focus();
    focusNext.current = null;
  }, [thread.items]);
  useEffect(() => {
    if (!linkedId || scrolledTo.current === linkedId) return;
    const linked = thread.items.find((c) => fromInputId(c.comment_id) === linkedId);
    const node = linked && itemRefs.current.get(linked.comment_id);
    if (!node) return;
    scrolledTo.current = linkedId;
    node.scrollIntoView?.({ block: 'center' });
  }, [linkedId, thread.items]);

  const add = useAddComment();
  const edit = useEditComment();
  const remove = useDeleteComment();
  // The server may ask for a captcha before each of these (actions comment, edit, delete, vote).
  const addGate = useCaptchaGate('comment', { load: actionRecord });
  const editGate = useCaptchaGate('edit', { load: actionRecord });
  const deleteGate = useCaptchaGate('delete', { load: actionRecord });
  const voteGate = useCaptchaGate('vote', { load: actionRecord });
  // Voting toggles is_vote and moves vote_count by one.
  const vote = useVoteComment(voteGate, (comment, cancel) =>
    dispatch({
      type: 'patched',
      id: comment.comment_id,
      patch: { is_vote: !cancel, vote_count: comment.vote_count + (cancel ? -1 : 1) },
    }),
  );

  const showMore = useCallback(async () => {
    setMoreState('pending');
    const pages = nextPages(thread);
    try {
      const results = await Promise.all(
        pages.map((page) =>
          queryClient.fetchQuery(
            commentPageQuery({ objectId, commentId, order: 'created_at', page, pageSize: MORE_PAGE_SIZE }),
          ),
        ),
      );
      dispatch({ type: 'more', pages: results, through: pages.at(-1)! });
      setMoreState('idle');
    } catch {
      setMoreState('failed');
    }
  }, [thread, queryClient, objectId, commentId]);

  const openComposer = (replyTo: Comment | null) => {
    if (!requireLogin()) return;
    setComposer({ replyTo });
  };

  const submitNew = async (text: string, mentions: string[]) => {
    const replyTo = composer?.replyTo ?? null;
    const outcome = await addGate.run((captcha) =>
      add.mutateAsync({
        object_id: objectId,
        original_text: text,
        mention_username_list: mentions,
        ...(replyTo ? { reply_comment_id: replyTo.comment_id } : {}),
        ...captcha,
      }),
    );
    // Captcha dialog cancelled: the form stays open with its text.
    if (!outcome.done) return;
    const created = outcome.value;
    dispatch({ type: 'added', comment: created });
    setComposer(null);
    focusNext.current = created.comment_id;
  };

  const submitEdit = async (comment: Comment, text: string) => {
    const outcome = await editGate.run((captcha) =>
      edit.mutateAsync({ comment_id: comment.comment_id, original_text: text, ...captcha }),
    );
    if (!outcome.done) return;
    const updated = outcome.value;
    dispatch({
      type: 'patched',
      id: comment.comment_id,
      patch: { original_text: updated.original_text, parsed_text: updated.parsed_text },
    });
    setEditingId(null);
    focusNext.current = comment.comment_id;
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const target = deleting;
    // Confirmed: the confirmation closes, so that a captcha dialog (when the server asks) is the only one.
    setDeleting(null);
    try {
      const outcome = await deleteGate.run((captcha) => remove.mutateAsync({ id: target.comment_id, captcha }));
      if (outcome.done) dispatch({ type: 'removed', id: target.comment_id });
    } catch (error) {
      // Already gone (deleted elsewhere): take it off the list too. Other failures are the shell's toast.
      if (isApiError(error) && error.status === 404) dispatch({ type: 'removed', id: target.comment_id });
    } finally {
      addRef.current?.querySelector('button')?.focus();
    }
  };

  const onVote = (comment: Comment) => {
    if (!requireLogin()) return;
    vote.mutate({ comment, cancel: comment.is_vote });
  };

  const formProps = { people, self, canSearch: login.activated };
  const remaining = Math.max(0, thread.count - thread.items.length);
  const label = t(`comments.label_${objectType}`);

  return (
    <div className="qa-comments">
      {first.isError && !ready && (
        <p className="qa-comments__problem" role="alert">
          {t('comments.errors.load')}{' '}
          <Button variant="link" size="small" onClick={() => void first.refetch()}>
            {t('comments.retry')}
          </Button>
        </p>
      )}
      {ready && thread.items.length > 0 && (
        <ul className="qa-comments__list" aria-label={label}>
          {thread.items.map((comment) => {
            const replying = composer?.replyTo?.comment_id === comment.comment_id;
            return (
              <CommentItem
                key={comment.comment_id}
                ref={(node) => {
                  if (node) itemRefs.current.set(comment.comment_id, node);
                  else itemRefs.current.delete(comment.comment_id);
                }}
                comment={comment}
                timeZone={timeZone}
                highlighted={isLinked(comment)}
                votePending={vote.isPending && vote.variables?.comment.comment_id === comment.comment_id}
                onVote={() => onVote(comment)}
                onReply={() => openComposer(comment)}
                onEdit={() => setEditingId(comment.comment_id)}
                onDelete={() => setDeleting(comment)}
                onReport={onReport ? () => onReport(comment) : undefined}
                editor={
                  editingId === comment.comment_id ? (
                    <CommentForm
                      {...formProps}
                      label={t('comments.form.edit_label')}
                      submitLabel={t('comments.form.save')}
                      initialText={comment.original_text}
                      onSubmit={(text) => submitEdit(comment, text)}
                      onCancel={() => setEditingId(null)}
                    />
                  ) : undefined
                }
              >
                {replying && (
                  <CommentForm
                    {...formProps}
                    key={`reply-${comment.comment_id}`}
                    label={t('comments.form.reply_label', {
                      name: comment.user_display_name || comment.username,
                    })}
                    submitLabel={t('comments.form.submit_reply')}
                    initialText={comment.username ? `@${comment.username} ` : ''}
                    initialMentions={comment.username ? [comment.username] : []}
                    onSubmit={submitNew}
                    onCancel={() => setComposer(null)}
                  />
                )}
              </CommentItem>
            );
          })}
        </ul>
      )}
      {moreState === 'failed' && (
        <p className="qa-comments__problem" role="alert">
          {t('comments.errors.load')}
        </p>
      )}
      <div className="qa-comments__footer" ref={addRef}>
        {!(composer && !composer.replyTo) && (
          <Button variant="link" size="small" onClick={() => openComposer(null)}>
            {t('comments.add')}
          </Button>
        )}
        {ready && hasMore(thread) && (
          <Button variant="link" size="small" loading={moreState === 'pending'} onClick={() => void showMore()}>
            {t('comments.show_more', { count: remaining })}
          </Button>
        )}
      </div>
      {composer && !composer.replyTo && (
        <CommentForm
          {...formProps}
          label={t('comments.form.label')}
          submitLabel={t('comments.form.submit')}
          onSubmit={submitNew}
          onCancel={() => {
            setComposer(null);
            setReturnFocus((n) => n + 1);
          }}
        />
      )}
      {deleting !== null && (
        <DeleteDialog
          open
          pending={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
      {addGate.dialog}
      {editGate.dialog}
      {deleteGate.dialog}
      {voteGate.dialog}
    </div>
  );
}
