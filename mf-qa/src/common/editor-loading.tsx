import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';

/** The status box standing in for the answer editor while it loads (not a textarea: see Editor). */
export function EditorLoading({ height = 320 }: { height?: number | string }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="qa-detail-editor-loading" role="status" style={{ height }}>
      {t('detail.form.editor_loading')}
    </div>
  );
}
