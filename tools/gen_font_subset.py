#!/usr/bin/env python3
"""Generate mjgui's bundled Japanese UI font: a subset of Noto Sans CJK JP.

The Japanese UI text (``tr("English", "日本語")`` in mjgui/**/*.py, plus the
verdicts and labels in mjgui/analysis.py, waits.py and yaku.py) needs a CJK
font, and a bare Linux box often has only DejaVu.  This script writes a small
OpenType (CFF) font that mjgui/ui/fonts.py loads at start-up and appends to
the application font as a fallback family.

The subset holds

* every character in the mjgui/**/*.py sources (comments included) that
  DejaVu Sans cannot draw, and
* a fixed base set, so that small future additions still render: all of
  hiragana and katakana, CJK symbols and punctuation, the full-width and
  half-width forms, and the kanji of common mahjong and UI words
  (``BASE_WORDS`` below).

Source font: Noto Sans CJK JP Regular, face 0 of NotoSansCJK-Regular.ttc from
Debian's ``fonts-noto-cjk`` (SIL Open Font License 1.1).  The family is renamed
to ``mjgui Noto Sans JP`` so it never clashes with a full Noto Sans CJK
installed on the system.  The OFL allows that name: the only Reserved Font
Name of Noto Sans CJK is "Source" (its upstream licence reads "Copyright
2014-2021 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source'"),
and "Noto" is not reserved.  Copyright, licence and trademark records of the
name table are kept; mjgui/assets/fonts/OFL.txt ships the licence.

Only fontTools is needed.  The output is deterministic: the same source
font and the same mjgui sources give the same bytes (the head timestamps are
copied from the source font, not set to "now").

    pip install fonttools
    python3 tools/gen_font_subset.py            # writes mjgui/assets/fonts/mjgui-ja.otf
    python3 tools/gen_font_subset.py --check    # exit 1 if the file is out of date
    python3 tools/gen_font_subset.py --list     # print the characters, write nothing
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
DEFAULT_SRC_DIR = os.path.join(ROOT, "mjgui")
DEFAULT_OUT = os.path.join(ROOT, "mjgui", "assets", "fonts", "mjgui-ja.otf")
DEFAULT_FONT = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
DEFAULT_FONT_INDEX = 0  # face 0 of the collection = Noto Sans CJK JP (1 KR, 2 SC, 3 TC, 4 HK)
DEFAULT_DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

FAMILY = "mjgui Noto Sans JP"
STYLE = "Regular"
PS_NAME = "mjguiNotoSansJP-Regular"

# Unicode blocks always included (only the code points the source font has).
BASE_RANGES = (
    (0x3000, 0x303F),  # CJK symbols and punctuation: 、。「」『』【】〜〇々 ideographic space ...
    (0x3040, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana, ・ ー
    (0x31F0, 0x31FF),  # katakana phonetic extensions (small ㇰ ㇱ ...)
    (0xFF01, 0xFF60),  # full-width ASCII: ０-９ Ａ-Ｚ ａ-ｚ （ ） ： ／ ...
    (0xFF61, 0xFF9F),  # half-width katakana and punctuation
    (0xFFE0, 0xFFE6),  # full-width ￠ ￡ ￢ ￣ ￤ ￥ ￦
)

# Words whose characters are always included: mahjong terms (tiles, winds,
# hand shapes, waits, calls, yaku, scoring, table talk) and common UI words.
# Only the characters matter; add words freely.
BASE_WORDS = """
〇 一 二 三 四 五 六 七 八 九 十 百 千 万 億 零 半 倍 数 個 枚 種 回 件 秒 分 時間
萬子 筒子 索子 字牌 数牌 萬 筒 索 東 南 西 北 白 發 発 中 赤 赤五萬 赤ドラ 裏ドラ 槓ドラ ドラ表示牌
風牌 三元牌 自風 場風 連風牌 老頭牌 么九牌 幺九牌 中張牌 一九字牌 端牌
手牌 配牌 牌姿 牌山 王牌 嶺上牌 河 捨て牌 捨牌 打牌 打 切る 切り 残り 見え 生牌 現物 筋 壁 安全牌 危険牌
自摸 摸打 ツモ切り 手出し 山 局 場 東場 南場 西入 東風戦 半荘戦 一局 本場 供託 積み棒 点棒 流局 途中流局
親 子 自家 上家 下家 対面 他家 起家 順位 着順 点数 持ち点 得点 失点 収支
面子 雀頭 順子 刻子 槓子 搭子 塔子 両面搭子 対子 孤立牌 浮き牌 完全一向聴 形 良形 愚形 好形 悪形 多面張
聴牌 向聴 向聴数 一向聴 二向聴 三向聴 聴牌形 形式聴牌 不聴 振聴 同順内振聴 立直後振聴 和了 和了形 和了率 放銃 放銃率
受け入れ 受入 有効牌 改良 改良牌 手変わり 待ち 待ち牌 両面 嵌張 辺張 双碰 単騎 延べ単 三面張 亜両面 変則待ち
鳴き 鳴く 副露 明刻 暗刻 明槓 暗槓 加槓 大明槓 小明槓 ポン チー カン 喰い替え 食い替え 喰い下がり 食い下がり 門前 面前
立直 両立直 一発 門前清自摸和 平和 断幺九 一盃口 二盃口 役牌 役 無役 役満 数え役満 三色同順 三色同刻 一気通貫
混全帯幺九 純全帯幺九 対々和 三暗刻 四暗刻 三槓子 四槓子 七対子 小三元 大三元 混老頭 清老頭 混一色 清一色
字一色 緑一色 九蓮宝燈 純正九蓮宝燈 国士無双 十三面待ち 小四喜 大四喜 天和 地和 人和 嶺上開花 海底摸月 河底撈魚
搶槓 槍槓 流し満貫 満貫 跳満 倍満 三倍満 切り上げ 符 翻 飜 符計算 点計算 親番 連荘 和了止め 南入 返東
先制 追っかけ 押し 引き 押し引き 期待値 打点 速度 効率 牌効率 手役 手順 比較 評価 判断 推奨 最善 次善 候補
分析 結果 計算 計算中 完了 待機 処理 中止 開始 終了 再開 続ける 戻る 進む 次 前 最初 最後 全部 合計 平均 最大 最小
設定 言語 日本語 英語 表示 非表示 切替 切り替え 明るい 暗い 色 大きさ 文字 拡大 縮小 標準 既定 初期化
開く 保存 読み込み 書き出し 編集 元に戻す やり直し 消去 削除 追加 挿入 入力 出力 貼り付け 複写 選択 並べ替え 整列 検索
問題 練習 出題 正解 不正解 解答 解説 答え 答 正しい 間違い 成績 記録 履歴 統計 回数 正答率 難易度 易しい 難しい
情報 説明 例 使い方 操作 方法 画面 窓 欄 表 図 行 列 項目 一覧 詳細 概要 注意 警告 誤り 無効 有効 不正 超過 重複 不足
同じ 違う 多い 少ない 以上 以下 未満 以外 他 各 全 的 同時 相手 自分 確率 枚数 残り枚数 種類 見逃し 見逃す
ファイル ツール ヘルプ メニュー ボタン テーマ ウィンドウ キー 版 著作権 利用許諾 著者 ライセンス フォント
"""


def _is_drawable(ch: str) -> bool:
    """Skip controls, format characters, surrogates, private use, unassigned, line/paragraph separators."""
    return unicodedata.category(ch) not in {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def source_chars(src_dir: str = DEFAULT_SRC_DIR) -> set[str]:
    """Every drawable non-ASCII character in the .py files under src_dir."""
    chars: set[str] = set()
    for dirpath, dirnames, filenames in os.walk(src_dir):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith(".py"):
                with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                    chars.update(c for c in f.read() if ord(c) > 0x7F and _is_drawable(c))
    return chars


def base_chars() -> set[str]:
    chars = {chr(cp) for lo, hi in BASE_RANGES for cp in range(lo, hi + 1)}
    chars.update(c for c in BASE_WORDS if ord(c) > 0x7F)
    return {c for c in chars if _is_drawable(c)}


def font_cmap(path: str, index: int = 0) -> set[int]:
    from fontTools.ttLib import TTFont
    with TTFont(path, fontNumber=index, lazy=True) as font:
        return set(font.getBestCmap())


def wanted_codepoints(src_dir: str, dejavu: str | None, noto_cmap: set[int]) -> tuple[list[int], list[str]]:
    """(sorted code points to keep, source characters neither DejaVu nor the source font has)."""
    from_source = source_chars(src_dir)
    if dejavu and os.path.exists(dejavu):
        covered = font_cmap(dejavu)
        from_source = {c for c in from_source if ord(c) not in covered}
    else:
        print(f"warning: {dejavu} not found; keeping every non-ASCII source character", file=sys.stderr)
    missing = sorted(c for c in from_source if ord(c) not in noto_cmap)
    wanted = {ord(c) for c in from_source | base_chars()} & noto_cmap
    return sorted(wanted), missing


def _rename(font) -> None:
    """Give the subset its own family name (in the name table and in the CFF)."""
    name = font["name"]
    version = name.getDebugName(5) or "Version ?"
    short_version = version.split(";")[0].replace("Version ", "").strip()
    for rec in list(name.names):
        if rec.nameID in (16, 17, 21, 22):  # typographic names: the family is single-style
            name.removeNames(nameID=rec.nameID)
    new = {
        1: FAMILY,
        3: f"{short_version};mjgui;{PS_NAME}",
        4: FAMILY,  # full name; like the source, without "Regular"
        5: f"{version}; mjgui subset of Noto Sans CJK JP",
        6: PS_NAME,
    }
    for rec in name.names:  # rewrite the records the source has, in every language it has them
        if rec.nameID in new:
            rec.string = new[rec.nameID]
    if "CFF " in font:
        cff = font["CFF "].cff
        top = cff[cff.fontNames[0]]
        cff.fontNames = [PS_NAME]
        for key, value in (("FullName", FAMILY), ("FamilyName", FAMILY)):
            if key in top.rawDict or hasattr(top, key):
                setattr(top, key, value)


def build(source: str, index: int, codepoints: list[int]) -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.layout_features = ["kern", "palt"]  # nothing else matters for horizontal UI text
    options.drop_tables += ["VORG", "vhea", "vmtx", "DSIG"]  # no vertical text in the UI
    options.name_IDs = ["*"]          # keep copyright, licence (13) and licence URL (14)
    options.name_languages = ["*"]
    options.name_legacy = False
    options.notdef_outline = True
    options.glyph_names = False
    options.recalc_timestamp = False
    options.recalc_bounds = True
    options.hinting = True
    options.desubroutinize = False

    font = TTFont(source, fontNumber=index, recalcTimestamp=False, lazy=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints)
    subsetter.subset(font)
    _rename(font)
    buf = io.BytesIO()
    font.recalcTimestamp = False
    font.save(buf, reorderTables=True)
    font.close()
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=DEFAULT_OUT, help="output font file (default: %(default)s)")
    ap.add_argument("--font", default=DEFAULT_FONT, help="source font (default: %(default)s)")
    ap.add_argument("--font-index", type=int, default=DEFAULT_FONT_INDEX,
                    help="face in a .ttc collection; 0 = Noto Sans CJK JP (default: %(default)s)")
    ap.add_argument("--dejavu", default=DEFAULT_DEJAVU,
                    help="characters this font covers are left out unless in the base set (default: %(default)s)")
    ap.add_argument("--src", default=DEFAULT_SRC_DIR, help="sources to scan (default: %(default)s)")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if --out is out of date")
    ap.add_argument("--list", action="store_true", help="print the characters kept and exit")
    args = ap.parse_args(argv)

    if not os.path.exists(args.font):
        ap.error(f"{args.font} not found: apt-get install fonts-noto-cjk")
    noto = font_cmap(args.font, args.font_index)
    codepoints, missing = wanted_codepoints(args.src, args.dejavu, noto)
    if missing:
        print("warning: no glyph in DejaVu Sans or the source font for: "
              + " ".join(f"{c} U+{ord(c):04X}" for c in missing), file=sys.stderr)
    if args.list:
        print("".join(chr(cp) for cp in codepoints))
        return 0

    data = build(args.font, args.font_index, codepoints)
    old = None
    if os.path.exists(args.out):
        with open(args.out, "rb") as f:
            old = f.read()
    if args.check:
        if old != data:
            print(f"{args.out} is out of date: run python3 tools/gen_font_subset.py", file=sys.stderr)
            return 1
        print(f"{args.out} is up to date ({len(codepoints)} characters, {len(data)} bytes)")
        return 0
    if old == data:
        print(f"{args.out} unchanged ({len(codepoints)} characters, {len(data)} bytes)")
        return 0
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    tmp = args.out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, args.out)
    print(f"wrote {args.out} ({len(codepoints)} characters, {len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
