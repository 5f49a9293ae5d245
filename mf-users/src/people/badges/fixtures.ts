// Wire data of the badge tests, as the server sends it.
import type { BadgeAwardItem, BadgeDetail, BadgeGroupList, UserBadge } from '@agora/shared-api/contract';

export const V1 = '/answer/api/v1';

export const SITEINFO = {
  general: { name: 'Agora' },
  interface: { language: 'en_US', time_zone: 'Asia/Tokyo' },
  site_seo: { permalink: 1, robots: '' },
};

export const CATALOGUE: BadgeGroupList = [
  {
    group_name: 'Participation',
    badges: [
      { id: '11', name: 'First question', icon: 'question', award_count: 1234, earned_count: 1, level: 1 },
      { id: '12', name: 'Nice answer', icon: 'score', award_count: 3, earned_count: 2, level: 2 },
    ],
  },
  {
    group_name: 'Quality',
    badges: [
      { id: '13', name: 'Legend', icon: 'https://img.example/x.png', award_count: 0, earned_count: 0, level: 3 },
    ],
  },
];

export const NICE_ANSWER: BadgeDetail = {
  id: '12',
  name: 'Nice answer',
  icon: 'score',
  award_count: 25,
  earned_count: 0,
  level: 2,
  description: 'An answer scored 10 or more.',
  is_single: false,
};

export const award = (n: number, over: Partial<BadgeAwardItem> = {}): BadgeAwardItem => ({
  // 23:30 UTC on 15 January 2024 is 16 January in Tokyo.
  created_at: Date.UTC(2024, 0, 15, 23, 30) / 1000,
  object_id: `1002000000000000${n}`,
  question_id: '10010000000000001',
  answer_id: `1002000000000000${n}`,
  comment_id: '',
  object_type: 'answer',
  url_title: 'how-to-x',
  author_user_info: {
    id: String(100 + n),
    username: `member${n}`,
    display_name: `Member ${n}`,
    avatar: '',
    rank: 10,
    website: '',
    location: '',
    language: 'en_US',
    status: 'normal',
    suspended_until: 0,
  },
  ...over,
});

export const userBadge = (id: string, name: string, earned = 1, level: 1 | 2 | 3 = 1): UserBadge => ({
  id,
  name,
  icon: 'answer',
  earned_count: earned,
  level,
});
