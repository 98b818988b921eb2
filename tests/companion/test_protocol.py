"""What a phone may send: the hand-written schema and the rate limit."""

from __future__ import annotations

import json

import pytest

from game.companion.protocol import MAX_MESSAGE, BadMessage, Inbound, RateLimit, parse


def test_the_three_known_shapes_parse():
    assert parse('{"type":"ping"}') == Inbound("ping")
    assert parse('{"type":"resync"}') == Inbound("resync")
    assert parse('{"type":"answer","ticket":3,"choice":"pass"}') == Inbound("answer", 3, "pass")
    assert parse('{"type":"answer","ticket":0,"choice":7}') == Inbound("answer", 0, 7)


@pytest.mark.parametrize("text, reason", [
    ("", "not JSON"),
    ("{", "not JSON"),
    ("\xff\xfe garbage", "not JSON"),
    ("[1, 2]", "not an object"),
    ('"answer"', "not an object"),
    ("null", "not an object"),
    ('{"type":"apply","action":"win"}', "unknown type"),
    ('{"type":7}', "unknown type"),
    ('{"type":"ping","extra":1}', "unexpected keys"),
    ('{"type":"answer","ticket":1}', "unexpected keys"),
    ('{"type":"answer","ticket":1,"choice":"a","seat":0}', "unexpected keys"),
    ('{"type":"answer","ticket":"1","choice":"a"}', "bad ticket"),
    ('{"type":"answer","ticket":true,"choice":"a"}', "bad ticket"),
    ('{"type":"answer","ticket":1.0,"choice":"a"}', "bad ticket"),
    ('{"type":"answer","ticket":-1,"choice":"a"}', "bad ticket"),
    ('{"type":"answer","ticket":1e300,"choice":"a"}', "bad ticket"),
    ('{"type":"answer","ticket":1,"choice":""}', "bad choice"),
    ('{"type":"answer","ticket":1,"choice":null}', "bad choice"),
    ('{"type":"answer","ticket":1,"choice":true}', "bad choice"),
    ('{"type":"answer","ticket":1,"choice":["a"]}', "bad choice"),
    ('{"type":"answer","ticket":1,"choice":{"id":"a"}}', "bad choice"),
    ('{"type":"answer","ticket":1,"choice":99999999999999999999}', "bad choice"),
    (json.dumps({"type": "answer", "ticket": 1, "choice": "x" * 65}), "bad choice"),
    ("[" * 5000 + "]" * 5000, "too long"),
    (json.dumps({"type": "ping", "pad": "x" * MAX_MESSAGE}), "too long"),
])
def test_anything_else_is_refused_with_a_reason(text, reason):
    with pytest.raises(BadMessage, match=reason):
        parse(text)


def test_deep_nesting_under_the_size_cap_is_refused_not_a_crash():
    with pytest.raises(BadMessage):
        parse("[" * 500 + "]" * 500)


def test_rate_limit_allows_a_burst_then_the_rate():
    now = [0.0]
    limit = RateLimit(rate=10, burst=5, clock=lambda: now[0])
    assert [limit.allow() for _ in range(6)] == [True] * 5 + [False]
    now[0] += 0.1  # one token back
    assert limit.allow() and not limit.allow()
    now[0] += 100  # never more than the burst
    assert sum(limit.allow() for _ in range(20)) == 5
