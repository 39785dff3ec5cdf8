// Kept free of zod: the profile and directory forms read these lists on their first load.
import type { Language } from './constants.ts';

/** One item of a dictionary with its label in each language. */
export interface DictionaryEntry {
  value: number | string;
  labels: Record<Language, string>;
}

type Row = [value: number | string, en: string, ru: string, zh: string];
const list = (rows: Row[]): DictionaryEntry[] => rows.map(([value, en, ru, zh]) => ({ value, labels: { en, ru, zh } }));

/**
 * The dictionaries and catalogs of product.md section 3, as groups `group.key`. Each event may
 * replace any editable list with its own (back office); the rest are fixed by the spec.
 */
export const DICTIONARY_DEFAULTS = {
  'company.tag': list([
    [1, 'Indie', 'Инди', '独立'],
    [2, 'AAA', 'AAA', '3A'],
    [3, 'Mobile', 'Мобильные игры', '手游'],
    [4, 'PC', 'ПК', 'PC'],
    [5, 'Console', 'Консоли', '主机'],
    [6, 'VR/AR', 'VR/AR', 'VR/AR'],
    [7, 'Web3', 'Web3', 'Web3'],
    [8, 'Esports', 'Киберспорт', '电子竞技'],
    [9, 'Education', 'Образование', '教育'],
    [10, 'Outsourcing', 'Аутсорсинг', '外包'],
  ]),
  'company.business': list([
    [1, 'Game developer', 'Разработчик игр', '游戏开发商'],
    [2, 'Publisher', 'Издатель', '发行商'],
    [3, 'Investor', 'Инвестор', '投资方'],
    [4, 'Service provider', 'Сервисная компания', '服务提供商'],
    [5, 'Platform or store', 'Платформа или магазин', '平台或商店'],
    [6, 'Media', 'СМИ', '媒体'],
    [7, 'Art and animation studio', 'Студия арта и анимации', '美术与动画工作室'],
    [8, 'Marketing and UA', 'Маркетинг и закупка трафика', '营销与买量'],
    [9, 'Education', 'Образование', '教育'],
    [10, 'Hardware', 'Оборудование', '硬件'],
  ]),
  'company.size': list([
    [1, '1-10', '1-10', '1-10'],
    [2, '11-50', '11-50', '11-50'],
    [3, '51-200', '51-200', '51-200'],
    [4, '201-500', '201-500', '201-500'],
    [5, '500+', '500+', '500+'],
  ]),
  'game.engines': list([
    [1, 'Unity', 'Unity', 'Unity'],
    [2, 'Unreal Engine', 'Unreal Engine', 'Unreal Engine'],
    [3, 'Godot', 'Godot', 'Godot'],
    [4, 'Defold', 'Defold', 'Defold'],
    [5, 'Cocos', 'Cocos', 'Cocos'],
    [6, 'GameMaker', 'GameMaker', 'GameMaker'],
    [7, 'Own engine', 'Собственный движок', '自研引擎'],
    [8, 'Other', 'Другой', '其他'],
  ]),
  'game.genres': list([
    [1, 'Action', 'Экшен', '动作'],
    [2, 'Adventure', 'Приключения', '冒险'],
    [3, 'RPG', 'RPG', '角色扮演'],
    [4, 'Strategy', 'Стратегия', '策略'],
    [5, 'Simulation', 'Симулятор', '模拟'],
    [6, 'Puzzle', 'Головоломка', '益智'],
    [7, 'Casual', 'Казуальная', '休闲'],
    [8, 'Shooter', 'Шутер', '射击'],
    [9, 'Sports and racing', 'Спорт и гонки', '体育与竞速'],
    [10, 'Horror', 'Хоррор', '恐怖'],
  ]),
  'game.platforms': list([
    [1, 'PC', 'ПК', 'PC'],
    [2, 'iOS', 'iOS', 'iOS'],
    [3, 'Android', 'Android', 'Android'],
    [4, 'PlayStation', 'PlayStation', 'PlayStation'],
    [5, 'Xbox', 'Xbox', 'Xbox'],
    [6, 'Nintendo Switch', 'Nintendo Switch', 'Nintendo Switch'],
    [7, 'Web', 'Веб', '网页'],
    [8, 'VR', 'VR', 'VR'],
  ]),
  'game.stages': list([
    [1, 'Concept', 'Концепт', '概念'],
    [2, 'Prototype', 'Прототип', '原型'],
    [3, 'Vertical slice', 'Вертикальный срез', '垂直切片'],
    [4, 'Alpha', 'Альфа', 'Alpha'],
    [5, 'Beta', 'Бета', 'Beta'],
    [6, 'Early access', 'Ранний доступ', '抢先体验'],
    [7, 'Released', 'Вышла', '已发布'],
  ]),
  'game.looking_for': list([
    [1, 'Publisher', 'Издатель', '发行商'],
    [2, 'Investment', 'Инвестиции', '投资'],
    [3, 'Team members', 'Люди в команду', '团队成员'],
    [4, 'Porting', 'Портирование', '移植'],
    [5, 'Localisation', 'Локализация', '本地化'],
    [6, 'Marketing', 'Маркетинг', '营销'],
  ]),
  'game.monetization': list([
    [1, 'Premium', 'Премиум', '买断制'],
    [2, 'Free-to-play', 'Free-to-play', '免费游玩'],
    [3, 'Subscription', 'Подписка', '订阅'],
    [4, 'Ads', 'Реклама', '广告'],
    [5, 'Hybrid', 'Гибридная', '混合'],
  ]),
  'game.budget': list([
    [1, 'Under $50k', 'До $50 тыс.', '5万美元以下'],
    [2, '$50k-250k', '$50-250 тыс.', '5万-25万美元'],
    [3, '$250k-1M', '$250 тыс. - 1 млн', '25万-100万美元'],
    [4, 'Over $1M', 'Больше $1 млн', '100万美元以上'],
  ]),
  'program.section': list([
    [1, 'Main stage', 'Главная сцена', '主舞台'],
    [2, 'Business', 'Бизнес', '商务'],
    [3, 'Game design', 'Геймдизайн', '游戏设计'],
    [4, 'Art', 'Арт', '美术'],
    [5, 'Tech', 'Технологии', '技术'],
  ]),
  'lecture.category': list([
    [1, 'Game design', 'Геймдизайн', '游戏设计'],
    [2, 'Art', 'Арт', '美术'],
    [3, 'Programming', 'Программирование', '编程'],
    [4, 'Production', 'Продюсирование', '制作'],
    [5, 'Marketing', 'Маркетинг', '营销'],
    [6, 'Monetisation', 'Монетизация', '变现'],
    [7, 'Analytics', 'Аналитика', '数据分析'],
    [8, 'Publishing', 'Издание', '发行'],
    [9, 'Investment', 'Инвестиции', '投资'],
    [10, 'Sound', 'Звук', '音效'],
    [11, 'Narrative', 'Нарратив', '叙事'],
    [12, 'QA', 'Тестирование', '质量保证'],
    [13, 'Community', 'Комьюнити', '社区'],
    [14, 'Legal', 'Юриспруденция', '法律'],
    [15, 'Career', 'Карьера', '职业发展'],
    [16, 'Esports', 'Киберспорт', '电子竞技'],
  ]),
  'publisher.looking_for': list([
    [1, 'Games in development', 'Игры в разработке', '开发中的游戏'],
    [2, 'Released games', 'Вышедшие игры', '已发布游戏'],
    [3, 'Studios to acquire', 'Студии для покупки', '待收购的工作室'],
    [4, 'Co-development partners', 'Партнёры по разработке', '联合开发伙伴'],
  ]),
  'publisher.genres': list([
    ['hypercasual', 'Hypercasual', 'Гиперказуальные', '超休闲'],
    ['casual', 'Casual', 'Казуальные', '休闲'],
    ['midcore', 'Midcore', 'Мидкор', '中度'],
    ['hardcore', 'Hardcore', 'Хардкор', '重度'],
  ]),
  'user.can_offer': list([
    [1, 'Investment', 'Инвестиции', '投资'],
    [2, 'Publishing', 'Издание игр', '游戏发行'],
    [3, 'Development services', 'Услуги разработки', '开发服务'],
    [4, 'Art and animation', 'Арт и анимация', '美术与动画'],
    [5, 'Marketing and UA', 'Маркетинг и закупка трафика', '营销与买量'],
    [6, 'Localisation', 'Локализация', '本地化'],
    [7, 'QA and testing', 'Тестирование', '测试'],
    [8, 'Mentoring', 'Менторство', '指导'],
    [9, 'Jobs', 'Вакансии', '工作机会'],
    [10, 'Games to publish', 'Игры для издания', '待发行的游戏'],
  ]),
  'user.looking_for': list([
    [1, 'Investment', 'Инвестиции', '投资'],
    [2, 'A publisher', 'Издателя', '发行商'],
    [3, 'Games to publish', 'Игры для издания', '待发行的游戏'],
    [4, 'Development services', 'Услуги разработки', '开发服务'],
    [5, 'Art and animation', 'Арт и анимацию', '美术与动画'],
    [6, 'Marketing and UA', 'Маркетинг и закупку трафика', '营销与买量'],
    [7, 'A job', 'Работу', '工作'],
    [8, 'Team members', 'Людей в команду', '团队成员'],
    [9, 'Partners', 'Партнёров', '合作伙伴'],
    [10, 'Mentoring', 'Ментора', '指导'],
  ]),
  regions: list([
    ['EU', 'Europe', 'Европа', '欧洲'],
    ['EEU', 'Eastern Europe and CIS', 'Восточная Европа и СНГ', '东欧与独联体'],
    ['NA', 'North America', 'Северная Америка', '北美'],
    ['AS', 'Asia', 'Азия', '亚洲'],
    ['SCA', 'South and Central America', 'Южная и Центральная Америка', '中南美洲'],
    ['ME', 'Middle East', 'Ближний Восток', '中东'],
    ['AF', 'Africa', 'Африка', '非洲'],
    ['OC', 'Oceania', 'Океания', '大洋洲'],
  ]),
  /** Skills vacancies ask for and academy lessons prove (issue 17, issue 15 academy-to-hiring). */
  'vacancy.skills': list([
    [1, 'Game design', 'Геймдизайн', '游戏设计'],
    [2, 'Level design', 'Дизайн уровней', '关卡设计'],
    [3, 'Narrative design', 'Нарративный дизайн', '叙事设计'],
    [4, 'Unity', 'Unity', 'Unity'],
    [5, 'Unreal Engine', 'Unreal Engine', 'Unreal Engine'],
    [6, 'C#', 'C#', 'C#'],
    [7, 'C++', 'C++', 'C++'],
    [8, 'Gameplay programming', 'Программирование геймплея', '玩法编程'],
    [9, 'Backend development', 'Бэкенд-разработка', '后端开发'],
    [10, '2D art', '2D-арт', '2D美术'],
    [11, '3D art', '3D-арт', '3D美术'],
    [12, 'Animation', 'Анимация', '动画'],
    [13, 'UI/UX design', 'UI/UX-дизайн', 'UI/UX设计'],
    [14, 'Sound design', 'Звуковой дизайн', '音效设计'],
    [15, 'QA and testing', 'Тестирование', '质量保证与测试'],
    [16, 'Production', 'Продюсирование', '制作管理'],
    [17, 'Monetization', 'Монетизация', '变现'],
    [18, 'Analytics', 'Аналитика', '数据分析'],
    [19, 'Marketing and UA', 'Маркетинг и закупка трафика', '营销与买量'],
    [20, 'Community management', 'Комьюнити-менеджмент', '社区管理'],
    [21, 'Prototyping', 'Прототипирование', '原型制作'],
    [22, 'Pitching', 'Питчинг', '项目路演'],
  ]),
  'sponsor.levels': list([
    [0, 'Exhibitor', 'Экспонент', '参展商'],
    [1, 'Bronze', 'Бронзовый', '铜牌'],
    [2, 'Silver', 'Серебряный', '银牌'],
    [3, 'Gold', 'Золотой', '金牌'],
    [4, 'Platinum', 'Платиновый', '白金'],
    [5, 'Organizer', 'Организатор', '主办方'],
    [6, 'General sponsor', 'Генеральный спонсор', '总冠名赞助商'],
    [7, 'Diamond', 'Бриллиантовый', '钻石'],
    [8, 'Sponsor', 'Спонсор', '赞助商'],
    [9, 'Partner', 'Партнёр', '合作伙伴'],
  ]),
} as const satisfies Record<string, DictionaryEntry[]>;

export type DictionaryName = keyof typeof DICTIONARY_DEFAULTS | 'meeting.locations';
export const DICTIONARY_NAMES = [...(Object.keys(DICTIONARY_DEFAULTS) as (keyof typeof DICTIONARY_DEFAULTS)[]), 'meeting.locations'] as const;

/** Lists fixed by the spec (regions and sponsor tiers are codes the rules use; locations come from the event's meeting points). */
export const FIXED_DICTIONARIES: readonly DictionaryName[] = ['regions', 'sponsor.levels', 'publisher.genres', 'meeting.locations'];
export const isEditableDictionary = (name: string): boolean => (DICTIONARY_NAMES as readonly string[]).includes(name) && !FIXED_DICTIONARIES.includes(name as DictionaryName);

/** Sponsor tiers by rank, highest first: how the companies list orders and badges them (decided in docs/decisions.md). */
export const SPONSOR_RANK: readonly number[] = [6, 7, 4, 3, 2, 1, 8, 9, 5, 0];
export const sponsorRank = (type: number | null | undefined): number => (type === null || type === undefined ? SPONSOR_RANK.length : SPONSOR_RANK.indexOf(type));
