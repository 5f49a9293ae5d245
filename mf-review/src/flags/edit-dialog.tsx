import type { FlaggedPost } from '@agora/shared-api/contract';
import { renderPost, uploadPostImage } from '@agora/shared-api/resources/post-editor';
import { PostEditDialog, type PostEditErrors, type PostEditValues } from '@agora/shared-ui/antd';

export type EditValues = PostEditValues;
export type EditErrors = PostEditErrors;

export interface EditDialogProps {
  task: FlaggedPost;
  pending: boolean;
  /** Errors the server gave for the fields (400 with field errors). */
  serverErrors: EditErrors;
  onSubmit(values: EditValues): void;
  onCancel(): void;
}

/** Edit the flagged post in place: the shared edit dialog with the site's preview and uploads. */
export function EditDialog({ task, ...props }: EditDialogProps) {
  return <PostEditDialog post={task} render={renderPost} upload={uploadPostImage} {...props} />;
}
