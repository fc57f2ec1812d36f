// See include/CEditLine.h.
#include "CEditLine.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* histedit.h's values (libedit's ABI). */
enum { EL_PROMPT = 0, EL_EDITOR = 2, EL_BIND = 4, EL_SETTY = 8, EL_ADDFN = 9, EL_HIST = 10, EL_CLIENTDATA = 14 };
enum { H_SETSIZE = 1, H_GETSIZE = 2, H_ENTER = 10, H_LOAD = 17, H_SAVE = 18, H_SETUNIQUE = 20 };

typedef struct { int num; const char *str; } hist_event;
typedef int (*history_function)(skylens_history *, hist_event *, int, ...);

static struct {
    void *(*el_init)(const char *, FILE *, FILE *, FILE *);
    void (*el_end)(void *);
    const char *(*el_gets)(void *, int *);
    int (*el_set)(void *, int, ...);
    int (*el_get)(void *, int, ...);
    const skylens_lineinfo *(*el_line)(void *);
    int (*el_insertstr)(void *, const char *);
    void (*el_deletestr)(void *, int);
    int (*el_cursor)(void *, int);
    void (*el_resize)(void *);
    skylens_history *(*history_init)(void);
    void (*history_end)(skylens_history *);
    history_function history;
} lib;

static char load_error[512] = "libedit was not loaded";

static int resolve(void *handle, void **slot, const char *name) {
    *slot = dlsym(handle, name);
    if (*slot == NULL) {
        snprintf(load_error, sizeof load_error, "libedit has no function %s", name);
        return 0;
    }
    return 1;
}

int skylens_editline_load(const char *path) {
    static const char *const names[] = {"libedit.so.2", "libedit.so", "libedit.3.dylib", "/usr/lib/libedit.3.dylib"};
    void *handle = NULL;
    if (path != NULL && path[0] != '\0') {
        handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    } else {
        for (size_t i = 0; handle == NULL && i < sizeof names / sizeof names[0]; i++) {
            handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        }
    }
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason != NULL ? reason : "libedit.so.2 was not found");
        return 0;
    }
    int ok = resolve(handle, (void **)&lib.el_init, "el_init") && resolve(handle, (void **)&lib.el_end, "el_end")
        && resolve(handle, (void **)&lib.el_gets, "el_gets") && resolve(handle, (void **)&lib.el_set, "el_set")
        && resolve(handle, (void **)&lib.el_get, "el_get") && resolve(handle, (void **)&lib.el_line, "el_line")
        && resolve(handle, (void **)&lib.el_insertstr, "el_insertstr")
        && resolve(handle, (void **)&lib.el_deletestr, "el_deletestr")
        && resolve(handle, (void **)&lib.el_cursor, "el_cursor")
        && resolve(handle, (void **)&lib.el_resize, "el_resize")
        && resolve(handle, (void **)&lib.history_init, "history_init")
        && resolve(handle, (void **)&lib.history_end, "history_end")
        && resolve(handle, (void **)&lib.history, "history");
    if (!ok) {
        memset(&lib, 0, sizeof lib);
        dlclose(handle);
    }
    return ok;
}

const char *skylens_editline_error(void) { return load_error; }

skylens_editline *skylens_el_init(const char *program) {
    return lib.el_init ? (skylens_editline *)lib.el_init(program, stdin, stdout, stderr) : NULL;
}
void skylens_el_end(skylens_editline *el) { lib.el_end(el); }
const char *skylens_el_gets(skylens_editline *el, int *count) { return lib.el_gets(el, count); }
const skylens_lineinfo *skylens_el_line(skylens_editline *el) { return lib.el_line(el); }
int skylens_el_insertstr(skylens_editline *el, const char *text) { return lib.el_insertstr(el, text); }
void skylens_el_deletestr(skylens_editline *el, int count) { lib.el_deletestr(el, count); }
int skylens_el_cursor(skylens_editline *el, int count) { return lib.el_cursor(el, count); }
void skylens_el_resize(skylens_editline *el) { lib.el_resize(el); }

int skylens_el_set_prompt(skylens_editline *el, char *(*prompt)(skylens_editline *)) {
    return lib.el_set(el, EL_PROMPT, prompt);
}
int skylens_el_set_editor(skylens_editline *el, const char *mode) { return lib.el_set(el, EL_EDITOR, mode); }
int skylens_el_set_history(skylens_editline *el, skylens_history *history) {
    return lib.el_set(el, EL_HIST, lib.history, history);
}
int skylens_el_set_clientdata(skylens_editline *el, void *data) { return lib.el_set(el, EL_CLIENTDATA, data); }
void *skylens_el_get_clientdata(skylens_editline *el) {
    void *data = NULL;
    lib.el_get(el, EL_CLIENTDATA, &data);
    return data;
}
int skylens_el_add_function(
    skylens_editline *el, const char *name, const char *help, unsigned char (*function)(skylens_editline *, int)) {
    return lib.el_set(el, EL_ADDFN, name, help, function);
}
int skylens_el_bind(skylens_editline *el, const char *key, const char *function) {
    return lib.el_set(el, EL_BIND, key, function, NULL);
}
int skylens_el_settty(skylens_editline *el, const char *setting) {
    return lib.el_set(el, EL_SETTY, "-d", setting, NULL);
}

skylens_history *skylens_history_init(void) { return lib.history_init ? lib.history_init() : NULL; }
void skylens_history_end(skylens_history *history) { lib.history_end(history); }
int skylens_history_set_size(skylens_history *h, int size) {
    hist_event event;
    return lib.history(h, &event, H_SETSIZE, size);
}
int skylens_history_set_unique(skylens_history *h, int on) {
    hist_event event;
    return lib.history(h, &event, H_SETUNIQUE, on);
}
int skylens_history_enter(skylens_history *h, const char *line) {
    hist_event event;
    return lib.history(h, &event, H_ENTER, line);
}
int skylens_history_load(skylens_history *h, const char *path) {
    hist_event event;
    return lib.history(h, &event, H_LOAD, path);
}
int skylens_history_save(skylens_history *h, const char *path) {
    hist_event event;
    return lib.history(h, &event, H_SAVE, path);
}
int skylens_history_size(skylens_history *h) {
    hist_event event;
    if (lib.history(h, &event, H_GETSIZE) == -1) return -1;
    return event.num;
}

void skylens_print_to_stdout(const char *text) {
    fputs(text, stdout);
    fflush(stdout);
}
