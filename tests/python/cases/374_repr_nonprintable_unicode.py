print(repr('\xa0'), repr('a\u200bb'))
