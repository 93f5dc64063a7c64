import { addTranslations } from '../app/i18n';

/** Strings of the live-connection indicator. */
export const streamNs = 'stream';

addTranslations(
  streamNs,
  {
    state: { live: '实时', reconnecting: '重连中', offline: '离线' },
    age: { seconds: '{{n}} 秒前', minutes: '{{n}} 分钟前', hours: '{{n}} 小时前' },
    tip: {
      live: '实时数据连接正常',
      reconnecting: '连接已断开，正在重新连接…',
      offline: '实时数据已离线，页面上的数值可能不是最新的',
      newest: '最新数据：{{age}}',
      none: '尚未订阅实时数据',
    },
  },
  {
    state: { live: 'Live', reconnecting: 'Reconnecting', offline: 'Offline' },
    age: { seconds: '{{n}} s ago', minutes: '{{n}} min ago', hours: '{{n}} h ago' },
    tip: {
      live: 'Live data connected',
      reconnecting: 'Connection lost, reconnecting…',
      offline: 'Live data is offline; values on the page may be out of date',
      newest: 'Newest value: {{age}}',
      none: 'No live data subscribed yet',
    },
  },
);
