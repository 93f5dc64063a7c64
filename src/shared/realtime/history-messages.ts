import { defineMessages } from '../messages/define.js';

/** The historian: durable storage of samples and positions (issue 8). */
export const historyMessages = defineMessages({
  'history.notStored': {
    zh: '数据暂未能写入存储（磁盘已满或数据库不可用），请稍后重发',
    en: 'The items could not be stored yet (disk full or database unavailable); send them again later',
  },
  'history.storageStats': { zh: '存储统计', en: 'Storage figures' },
});
