import { Frame, RoutedContent } from './frame';

/** SPEC §2.1 second layout: header, content and footer, without guards or a blocking setup. */
export function SecondLayout() {
  return (
    <Frame>
      <RoutedContent />
    </Frame>
  );
}
