import { api, useSingletonReport, type RemoteRoutes } from '@agora/shared-api';
import { useThemeContext } from '@agora/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'jotai';
import type { ReactNode } from 'react';
import i18next from 'i18next';

function Root({ children }: { children: ReactNode }) {
  useSingletonReport('mf_qa', { apiClient: api, useQueryClient, useStore, i18n: i18next, useThemeContext });
  return children;
}

const notYet = () => import('../routes/not-available');

const routes: RemoteRoutes<'mf_qa'> = {
  remote: 'mf_qa',
  Root,
  screens: {
    'question-list': notYet,
    'question-ask': notYet,
    'question-edit': notYet,
    'answer-edit': notYet,
    'question-detail': notYet,
    search: notYet,
    'tag-list': notYet,
    'tag-create': notYet,
    'tag-page': notYet,
    'tag-info': notYet,
    'tag-edit': notYet,
    timeline: notYet,
  },
};

export default routes;
