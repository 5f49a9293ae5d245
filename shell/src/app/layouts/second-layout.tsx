import { Frame, RoutedContent } from './frame';

/** Second layout: header, content and footer, without guards or a blocking setup. */
export function SecondLayout() {
  return (
    <Frame>
      <RoutedContent />
    </Frame>
  );
}
