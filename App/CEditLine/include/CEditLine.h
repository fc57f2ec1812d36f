// libedit (BSD licence) for the App's line editor, loaded at run time with dlopen so that building SkyLens needs no
// development files (histedit.h): a machine with only the runtime library (libedit.so.2, Debian's libedit2) edits
// lines, and one without it falls back to plain line reading. libedit's el_set, el_get and history are variadic,
// which Swift cannot call; these fixed-signature wrappers are what the App uses instead. The constants and the two
// structures below are libedit's public ABI (histedit.h), stable since NetBSD 1.x.
#ifndef SKYLENS_CEDITLINE_H
#define SKYLENS_CEDITLINE_H

#include <stddef.h>

typedef struct skylens_editline skylens_editline;
typedef struct skylens_history skylens_history;

typedef struct skylens_lineinfo {
    const char *buffer;
    const char *cursor;
    const char *lastchar;
} skylens_lineinfo;

/* What an editor function returns (histedit.h's CC_*). */
enum {
    SKYLENS_CC_NORM = 0,
    SKYLENS_CC_NEWLINE = 1,
    SKYLENS_CC_EOF = 2,
    SKYLENS_CC_REFRESH = 4,
    SKYLENS_CC_CURSOR = 5,
    SKYLENS_CC_ERROR = 6,
    SKYLENS_CC_REDISPLAY = 8,
    SKYLENS_CC_REFRESH_BEEP = 9,
};

/// Loads libedit: `path` when given, else the usual names (libedit.so.2, libedit.so, libedit.3.dylib). Returns 1 when
/// every function SkyLens uses was found, 0 otherwise (then `skylens_editline_error` says why). Call it once, before
/// any other function here; the library stays loaded for the life of the process.
int skylens_editline_load(const char *path);
const char *skylens_editline_error(void);

skylens_editline *skylens_el_init(const char *program);
void skylens_el_end(skylens_editline *el);
const char *skylens_el_gets(skylens_editline *el, int *count);
const skylens_lineinfo *skylens_el_line(skylens_editline *el);
int skylens_el_insertstr(skylens_editline *el, const char *text);
void skylens_el_deletestr(skylens_editline *el, int count);
int skylens_el_cursor(skylens_editline *el, int count);
void skylens_el_resize(skylens_editline *el);

int skylens_el_set_prompt(skylens_editline *el, char *(*prompt)(skylens_editline *));
int skylens_el_set_editor(skylens_editline *el, const char *mode);
int skylens_el_set_history(skylens_editline *el, skylens_history *history);
int skylens_el_set_clientdata(skylens_editline *el, void *data);
void *skylens_el_get_clientdata(skylens_editline *el);
int skylens_el_add_function(
    skylens_editline *el, const char *name, const char *help, unsigned char (*function)(skylens_editline *, int));
int skylens_el_bind(skylens_editline *el, const char *key, const char *function);
/// Terminal settings of edit mode: `-isig` lets Ctrl-C arrive as a key that the editor binds.
int skylens_el_settty(skylens_editline *el, const char *setting);

skylens_history *skylens_history_init(void);
void skylens_history_end(skylens_history *history);
int skylens_history_set_size(skylens_history *history, int size);
int skylens_history_set_unique(skylens_history *history, int on);
int skylens_history_enter(skylens_history *history, const char *line);
int skylens_history_load(skylens_history *history, const char *path);
int skylens_history_save(skylens_history *history, const char *path);
int skylens_history_size(skylens_history *history);

/// Writes to the C library's stdout (libedit's) and flushes it.
void skylens_print_to_stdout(const char *text);

#endif
