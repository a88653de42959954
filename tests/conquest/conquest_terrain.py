"""The ground of a battle as the cartridge's playfield tables describe it (cart/conquest/fields.inc):
the tests read the tables from the ROM image by their label, to put a weapon next to a tree, a mine
or water and watch what the rules say happens.

A field is 16 bytes; its left half is mirrored onto the right (column c and 8 - c):
  0-4    water in columns 0-4: bit r = row r is water
  5-10   three single features: type, column << 4 | row
  11-12  a row of four features: type, first column << 4 | row
  13-15  red's start cell for a tank, a sub and a jet
Cells are 16 X units wide from FIELD_X0 and 24 lines tall from FIELD_Y0.
"""
import json

from conquest_helpers import CART, SYMBOLS

COLUMNS, ROWS = 9, 7
FIELD_SIZE = 16
LAND, WOODS, MOUNTAIN, MINE, WATER = "land", "woods", "mountain", "mine", "water"


def _symbols():
    table = json.loads(SYMBOLS.read_text())
    return table, {**{k.lower(): v for k, v in table["labels"].items()},
                   **{k.lower(): v for k, v in table["constants"].items()}}


def _offset(table, label_address, file_suffix):
    """Where in the image the statement at `label_address` of `file_suffix` lies (banked code
    shares addresses between banks: the file tells them apart)."""
    for entry in table["lines"]:
        if entry["address"] == label_address and entry["file"].endswith(file_suffix):
            return entry["offset"]
    raise KeyError(f"no statement of {file_suffix} at {label_address:#x}")


class Field:
    def __init__(self, number: int):
        table, names = _symbols()
        rom = CART.read_bytes()
        start = _offset(table, names["fields"], "fields.inc") + FIELD_SIZE * number
        data = rom[start:start + FIELD_SIZE]
        kinds = {names["terrain_woods"]: WOODS, names["terrain_mountain"]: MOUNTAIN,
                 names["terrain_mine"]: MINE}
        self.x0, self.y0 = names["field_x0"], names["field_y0"]
        self.grid = [[LAND] * COLUMNS for _ in range(ROWS)]
        for column in range(5):
            for row in range(ROWS):
                if data[column] >> row & 1:
                    self._set(column, row, WATER)
        for i in (5, 7, 9):
            if data[i]:
                self._set(data[i + 1] >> 4, data[i + 1] & 0x0F, kinds[data[i]])
        if data[11]:
            for k in range(4):
                self._set((data[12] >> 4) + k, data[12] & 0x0F, kinds[data[11]])

    def _set(self, column, row, kind):
        self.grid[row][column] = kind
        self.grid[row][COLUMNS - 1 - column] = kind

    def at(self, column, row) -> str:
        return self.grid[row][column]

    def cells(self, kind):
        return [(c, r) for r in range(ROWS) for c in range(COLUMNS) if self.grid[r][c] == kind]

    def xy(self, column, row):
        """The sprite X/Y that puts a weapon in the middle of the cell (as a start cell)."""
        return self.x0 + 16 * column + 4, self.y0 + 24 * row + 4

    def cell(self, x, y):
        return (x - 4 - self.x0 + 8) // 16, (y - 4 - self.y0 + 12) // 24
