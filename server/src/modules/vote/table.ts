export type VotableType = 'question' | 'answer' | 'comment';
export type Direction = 'up' | 'down';
