/* A depth-first bot for ariadne-pipe, in C: nothing but printf and fgets.
 *   cc -O2 -o dfs_bot clients/bridge/examples/dfs_bot.c
 *   ariadne-pipe --url ws://127.0.0.1:8080/ws --generator prim --size 16x16 --seed 42 -- ./dfs_bot
 * It tries N, E, S, W in that order and walks back when nothing new is open;
 * after each treasure found, it starts a new search from where it stands.
 * ariadne-pipe checks every reply, but the bot checks what it indexes with
 * too: a bot never trusts its input with its memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char letters[] = "NESW";
static const int dx[] = {0, 1, 0, -1};
static const int dy[] = {1, 0, -1, 0};

static int width, height;

/* Reads an answer: fills x, y, open and found; returns 0 at the END of the
 * run, or when the answer is unreadable or outside the maze. */
static int answer(int* x, int* y, char* open, int* found) {
  char line[512], kind[16];
  if (!fgets(line, sizeof line, stdin)) return 0;
  if (sscanf(line, "%15s", kind) != 1 || strcmp(kind, "END") == 0) return 0;
  if (strcmp(kind, "ERROR") == 0) {
    fprintf(stderr, "dfs_bot: %s", line);
    return 0;
  }
  int read;
  if (strcmp(kind, "START") == 0) {
    int w, h;
    read = sscanf(line, "START %d %d %d %d %7s", &w, &h, x, y, open) == 5;
  } else {
    int treasure, steps, bumps;
    read = sscanf(line, "STATE %d %d %7s %d %d %d %d", x, y, open, &treasure, &steps, &bumps,
                  found) == 7;
  }
  if (!read || *x < 0 || *y < 0 || *x >= width || *y >= height) {
    fprintf(stderr, "dfs_bot: an answer outside the maze: %s", line);
    return 0;
  }
  return 1;
}

int main(void) {
  char line[512];
  int x, y;
  char open[8];
  if (!fgets(line, sizeof line, stdin) ||
      sscanf(line, "START %d %d %d %d %7s", &width, &height, &x, &y, open) != 5 || width < 1 ||
      height < 1 || width > 8192 || height > 8192 || x < 0 || y < 0 || x >= width || y >= height) {
    fprintf(stderr, "dfs_bot: no START line for a maze of at most 8192x8192\n");
    return 1;
  }
  char* visited = calloc((size_t)width * (size_t)height, 1);
  int* back = malloc(sizeof(int) * (size_t)width * (size_t)height);
  int depth = 0, found = 0, searching_for = 0;
  visited[y * width + x] = 1;
  for (;;) {
    if (found != searching_for) {
      searching_for = found;
      memset(visited, 0, (size_t)width * (size_t)height);
      visited[y * width + x] = 1;
      depth = 0;
    }
    int dir = -1;
    for (int d = 0; d < 4 && dir < 0; ++d) {
      const int nx = x + dx[d], ny = y + dy[d];
      if (strchr(open, letters[d]) && nx >= 0 && ny >= 0 && nx < width && ny < height &&
          !visited[ny * width + nx]) {
        dir = d;
      }
    }
    if (dir >= 0) {
      /* An honest server never lets the way back grow past the cells. */
      if (depth >= width * height) break;
      back[depth++] = (dir + 2) % 4;
    } else if (depth > 0) {
      dir = back[--depth];
    } else {
      printf("ABANDON\n");
      fflush(stdout);
      answer(&x, &y, open, &found);
      break;
    }
    printf("MOVE %c\n", letters[dir]);
    fflush(stdout);
    if (!answer(&x, &y, open, &found)) break;
    visited[y * width + x] = 1;
  }
  free(visited);
  free(back);
  return 0;
}
