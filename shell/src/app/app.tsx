import { api, createQueryClient, useSingletonReport } from '@agora/shared-api';
import { ThemeProvider, useThemeContext } from '@agora/shared-ui';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider, useStore } from 'jotai';
import i18next from 'i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { RemoteScreen } from '../remotes/remote-screen';

const queryClient = createQueryClient();
const store = createStore();

function Probe() {
  useSingletonReport('shell', { apiClient: api, useQueryClient, useStore, i18n: i18next, useThemeContext });
  return null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <ThemeProvider>
          <Probe />
          <BrowserRouter>
            <Routes>
              <Route path="/" element={<RemoteScreen remote="mf_qa" screen="question-list" />} />
              <Route path="/questions" element={<RemoteScreen remote="mf_qa" screen="question-list" />} />
            </Routes>
          </BrowserRouter>
        </ThemeProvider>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
