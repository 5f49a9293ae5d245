// The Write screen's four groups as the server answers them, and tag suggestions.
const QUESTION = { min_tags: 1, min_content: 6, restrict_answer: true };
const TAGS = {
  recommend_tags: [{ slug_name: 'go', display_name: 'Go' }],
  reserved_tags: [{ slug_name: 'meta', display_name: 'meta' }],
  required_tag: false,
};
const ADVANCED = {
  max_image_size: 4,
  max_attachment_size: 8,
  max_image_megapixel: 40,
  authorized_image_extensions: ['jpg', 'png'],
  authorized_attachment_extensions: [],
};
const MODERATION = {
  queue_first_posts: 0,
  queue_words: ['casino'],
  deletion_block_count: 0,
  deletion_block_days: 30,
  deletion_block_block_days: 7,
};
export const WRITE_ROUTES = {
  'GET siteinfo/question': QUESTION,
  'PUT siteinfo/question': ({ body }: { body: unknown }) => body,
  'GET siteinfo/tag': TAGS,
  'PUT siteinfo/tag': ({ body }: { body: unknown }) => body,
  'GET siteinfo/advanced': ADVANCED,
  'PUT siteinfo/advanced': ({ body }: { body: unknown }) => body,
  'GET siteinfo/moderation': MODERATION,
  'PUT siteinfo/moderation': ({ body }: { body: unknown }) => body,
  'GET /answer/api/v1/question/tags': ({ query }: { query: URLSearchParams }) =>
    [
      { slug_name: 'rust', display_name: 'Rust' },
      { slug_name: 'ruby', display_name: 'Ruby' },
    ].filter((t) => t.slug_name.startsWith(query.get('tag') ?? '')),
};
