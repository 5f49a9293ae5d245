// The remote's Chinese texts in one module, loaded only when the interface is (or becomes) Chinese: the
// first page of readers of the default language does not carry them (docs/performance/page-weight.md).
import askZhCN from '../ask/i18n/zh_CN.json';
import commentsZhCN from '../comments/i18n/zh_CN.json';
import detailZhCN from '../detail/i18n/zh_CN.json';
import questionsZhCN from '../questions/i18n/zh_CN.json';
import searchZhCN from '../search/i18n/zh_CN.json';
import tagsZhCN from '../tags/i18n/zh_CN.json';
import timelineZhCN from '../timeline/i18n/zh_CN.json';
import zh_CN from './zh_CN.json';

export default {
  ...zh_CN,
  questions: questionsZhCN,
  ask: askZhCN,
  detail: detailZhCN,
  comments: commentsZhCN,
  tags: tagsZhCN,
  search: searchZhCN,
  timeline: timelineZhCN,
};
