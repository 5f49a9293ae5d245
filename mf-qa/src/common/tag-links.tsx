import { paths } from '@agora/shared-api';
import type { TagResp } from '@agora/shared-api/contract';
import { Link } from 'react-router-dom';

/** A post's tags as links to their pages (display name, else the slug), in a list named `label`. */
export function TagLinks({
  tags,
  label,
}: {
  tags: readonly Pick<TagResp, 'slug_name' | 'display_name'>[];
  label: string;
}) {
  if (tags.length === 0) return null;
  return (
    <ul className="qa-tags" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag.slug_name}>
          <Link className="qa-tag" to={paths.tag(tag.slug_name)}>
            {tag.display_name || tag.slug_name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
